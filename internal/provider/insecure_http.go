package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// Plain http:// goes to a loopback host only (the emulator), unless
// allow_insecure_http says otherwise: every request carries the
// subscription key and a bearer token, and a login its password. The rule
// needs two settings, base_url and the opt-in, each from configuration or
// the environment, so Configure checks it (resolveClientConfig), before any
// request; base_url's attribute validator checks the rest of its form.

// insecureHTTPError says why raw may not be used as the base URL when it
// is well formed (validators.BaseURLForm) but asks for plain http:// to a
// host that is not loopback without the opt-in; nil otherwise.
func insecureHTTPError(raw string, allow bool) error {
	if allow || !plainHTTPToRemoteHost(raw) {
		return nil
	}
	// The form check refuses user information, so raw holds no password.
	return fmt.Errorf("base_url (or %s) is %q: plain http:// is accepted only for a loopback host (127.0.0.1, ::1, "+
		"localhost) such as the emulator, because every request carries the subscription key and a token (and a login "+
		"its password), which over http would cross the network in clear text. Use https://; for a test gateway without "+
		"TLS only, set allow_insecure_http = true (or %s=true)", envBaseURL, raw, envAllowInsecureHTTP)
}

// plainHTTPToRemoteHost tells a well-formed base URL (a malformed one has
// an error of its own) that only the http-host rule refuses.
func plainHTTPToRemoteHost(raw string) bool {
	return validators.BaseURLForm(raw) == nil && client.CheckBaseURL(raw) != nil
}

// resolveAllowInsecureHTTP is allow_insecure_http, else its environment
// variable, else false.
func resolveAllowInsecureHTTP(v types.Bool, getenv func(string) string, diags *diag.Diagnostics) bool {
	return resolveBool(v, "allow_insecure_http", envAllowInsecureHTTP, getenv, diags)
}

// insecureHTTPWarning reminds every run that the opt-in is in use: the
// credentials go to baseURL unencrypted.
func insecureHTTPWarning(baseURL string, diags *diag.Diagnostics) {
	if !plainHTTPToRemoteHost(baseURL) {
		return // https, or http to loopback: the opt-in changes nothing
	}
	diags.AddAttributeWarning(path.Root("base_url"), "Credentials sent over plain http",
		fmt.Sprintf("allow_insecure_http is set and base_url is %q: the subscription key and the token (and a login "+
			"password) go to that host unencrypted. Use this for a test gateway only, never for the service.", baseURL))
}
