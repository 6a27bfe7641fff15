package provider

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

var guidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func isGUID(s string) bool { return guidPattern.MatchString(s) }

func guidValidator() validator.String {
	return stringvalidator.RegexMatches(guidPattern, "must be a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301")
}

// baseURLValidator accepts an absolute http(s) URL without query or user info.
type baseURLValidator struct{}

func (baseURLValidator) Description(context.Context) string {
	return "must be an absolute https:// URL (http:// for a local emulator)"
}

func (v baseURLValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v baseURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkBaseURL(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid base URL", fmt.Sprintf("%s: %s.", req.Path, err))
	}
}

func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return errors.New("not a valid URL")
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("must start with https:// (or http:// for a local emulator), got %q", raw)
	case u.Host == "":
		return fmt.Errorf("has no host: %q", raw)
	case u.User != nil:
		return errors.New("must not contain user information; use access_token, subscription_key or login")
	case u.RawQuery != "" || u.Fragment != "":
		return fmt.Errorf("must not have a query or fragment: %q", raw)
	}
	return nil
}

// durationValidator accepts a positive Go duration string.
type durationValidator struct{}

func (durationValidator) Description(context.Context) string {
	return `must be a positive duration such as "30s" or "2m"`
}

func (v durationValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v durationValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	d, err := time.ParseDuration(req.ConfigValue.ValueString())
	if err != nil || d <= 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid duration",
			fmt.Sprintf("%s must be a positive duration such as \"30s\" or \"2m\", got %q.", req.Path, req.ConfigValue.ValueString()))
	}
}
