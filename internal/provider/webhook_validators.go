package provider

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// webhookURIValidator accepts an absolute https:// URL: the service delivers
// events over HTTPS only.
type webhookURIValidator struct{}

func (webhookURIValidator) Description(context.Context) string {
	return "must be an absolute https:// URL"
}

func (v webhookURIValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v webhookURIValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkWebhookURI(req.ConfigValue.ValueString()); err != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid webhook URI",
			fmt.Sprintf("%s must be an absolute https:// URL: %s.", req.Path, err))
	}
}

func checkWebhookURI(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case raw == "":
		return "it is empty"
	case err != nil:
		return fmt.Sprintf("%q is not a valid URL", raw)
	case !strings.EqualFold(u.Scheme, "https"):
		return fmt.Sprintf("%q does not start with https://", raw)
	case u.Hostname() == "":
		return fmt.Sprintf("%q has no host", raw)
	case u.User != nil:
		return "it must not contain user information; send credentials in headers or headers_wo"
	case u.Fragment != "":
		return fmt.Sprintf("%q must not have a fragment", raw)
	}
	return ""
}

// headerNamePattern is an RFC 9110 token: what an HTTP header name may be.
var headerNamePattern = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")

func headerNameValidator() validator.String {
	return stringvalidator.RegexMatches(headerNamePattern, "must be a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~)")
}

// supportedEventType answers the service's (lower-case) spelling of
// eventType if the service supports it, matching without regard to case.
func supportedEventType(supported []string, eventType string) (string, bool) {
	i := slices.IndexFunc(supported, func(s string) bool { return strings.EqualFold(s, eventType) })
	if i < 0 {
		return "", false
	}
	return supported[i], true
}

func unsupportedEventTypeDetail(eventType string, supported []string) string {
	return fmt.Sprintf("event_type %q is not supported by this service. GET /hooks/v1 lists: %s. "+
		"Event types match without regard to case (SignatureRequestCompleted = signaturerequestcompleted); "+
		"the data source esign_supported_hooks reads the same list.", eventType, strings.Join(supported, ", "))
}
