// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package validators holds the provider's own attribute rules. Where a value is
// checked outside a schema (environment, import ID) the same function runs.
package validators

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// stringRule's check error reads after the attribute's name: "uri must be ...".
type stringRule struct {
	summary     string
	description string
	check       func(string) error
}

func (r stringRule) Description(context.Context) string { return r.description }

func (r stringRule) MarkdownDescription(ctx context.Context) string { return r.Description(ctx) }

func (r stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := r.check(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, r.summary, fmt.Sprintf("%s %s.", req.Path, err))
	}
}

// BaseURL checks the form only: whether plain http:// may go to the host
// depends on allow_insecure_http, which the provider's ValidateConfig checks.
func BaseURL() validator.String {
	return stringRule{
		summary:     "Invalid base URL",
		description: "must be an absolute https:// URL (http:// only for a loopback host, or with allow_insecure_http)",
		check:       BaseURLForm,
	}
}

// BaseURLForm is BaseURL's check, also run on ESIGN_BASE_URL.
func BaseURLForm(raw string) error { return client.CheckBaseURLWith(raw, true) }

func Duration() validator.String {
	const rule = `must be a positive duration such as "30s" or "2m"`
	return stringRule{
		summary:     "Invalid duration",
		description: rule,
		check: func(s string) error {
			if d, err := time.ParseDuration(s); err != nil || d <= 0 {
				return fmt.Errorf("%s, got %q", rule, s)
			}
			return nil
		},
	}
}

// EntityTypeSpellings says which spellings are accepted, for docs.
const EntityTypeSpellings = "`SignatureRequest`, `Signatory` or `Document`, in any case (`signatory` is `Signatory`)"

// CanonicalEntityType is the service's spelling of an entity type written in any case.
func CanonicalEntityType(s string) (string, error) {
	for _, t := range client.EntityTypes {
		if strings.EqualFold(s, t) {
			return t, nil
		}
	}
	return "", fmt.Errorf("must be one of %s (in any case), got %q", strings.Join(client.EntityTypes, ", "), s)
}

// EntityType accepts what CanonicalEntityType does.
func EntityType() validator.String {
	return stringRule{
		summary:     "Invalid entity type",
		description: "must be one of " + strings.Join(client.EntityTypes, ", ") + ", in any case",
		check: func(s string) error {
			_, err := CanonicalEntityType(s)
			return err
		},
	}
}

// HeaderName uses the client's rule, which also runs before a create for
// values unknown at plan.
func HeaderName() validator.String {
	return stringRule{
		summary:     "Invalid header name",
		description: "must be a valid HTTP header name, other than one the gateway sets itself (Host, Content-Length, hop-by-hop headers)",
		check:       client.CheckHeaderName,
	}
}

// HeaderValue's errors name the header by its path, never the value.
func HeaderValue() validator.String {
	return stringRule{
		summary:     "Invalid header value",
		description: "must not contain CR, LF or NUL",
		check:       client.CheckHeaderValue,
	}
}

var guidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// IsGUID backs GUID outside a schema.
func IsGUID(s string) bool { return guidPattern.MatchString(s) }

// GUID accepts a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301.
func GUID() validator.String {
	return stringvalidator.RegexMatches(guidPattern, "must be a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301")
}

// eventTypePattern: whether the service supports a type is asked at plan time.
var eventTypePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// IsEventTypeName backs EventTypeName outside a schema.
func IsEventTypeName(s string) bool { return eventTypePattern.MatchString(s) }

// EventTypeName accepts a single-word event type name, in any case.
func EventTypeName() validator.String {
	return stringvalidator.RegexMatches(eventTypePattern, "must be an event type name such as SignatureRequestCompleted (letters and digits)")
}

// PathSegment: entity ids may contain "/" (the client escapes it); metadata
// keys may not, since the key is the last segment of an entry's id.
func PathSegment(slashAllowed bool) []validator.String {
	v := []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.NoneOf(".", "..")}
	if !slashAllowed {
		v = append(v, stringvalidator.RegexMatches(regexp.MustCompile(`^[^/]*$`), "must not contain /"))
	}
	return v
}

// WebhookURI: the service delivers events over HTTPS only.
func WebhookURI() validator.String {
	return stringRule{
		summary:     "Invalid webhook URI",
		description: "must be an absolute https:// URL",
		check:       CheckWebhookURI,
	}
}

// CheckWebhookURI is WebhookURI's rule, for a value the schema could not check (an action's, known only when it runs).
func CheckWebhookURI(raw string) error {
	return asError("must be an absolute https:// URL: ", webhookURIProblem(raw))
}

func webhookURIProblem(raw string) string {
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
	case !validPort(u.Port()):
		return fmt.Sprintf("%q has a port outside 1 to 65535", raw)
	case u.User != nil:
		return "it must not contain user information; send credentials in headers or headers_wo"
	case u.Fragment != "":
		return fmt.Sprintf("%q must not have a fragment", raw)
	}
	return ""
}

// validPort: no port, or a number a connection can go to.
func validPort(port string) bool {
	if port == "" {
		return true
	}
	n, err := strconv.Atoi(port)
	return err == nil && n >= 1 && n <= 65535
}

// WebhookURIPrefix accepts the start of a webhook URI, which a scope compares as a URL.
func WebhookURIPrefix() validator.String {
	return stringRule{
		summary:     "Invalid webhook URI prefix",
		description: "must be an https:// URL: a host, and optionally a port and the start of a path",
		check: func(raw string) error {
			return asError("", WebhookURIPrefixProblem(raw))
		},
	}
}

// WebhookURIPrefixProblem is "" for a valid prefix; a query is refused since the comparison would ignore it.
func WebhookURIPrefixProblem(raw string) string {
	problem := webhookURIProblem(raw)
	if u, err := url.Parse(raw); problem == "" && err == nil && (u.RawQuery != "" || u.ForceQuery) {
		problem = fmt.Sprintf("%q must not have a query", raw)
	}
	if problem != "" {
		return "must be an https:// URL (a host, and optionally a port and the start of a path): " + problem
	}
	return ""
}

func asError(prefix, problem string) error {
	if problem == "" {
		return nil
	}
	return errors.New(prefix + problem)
}
