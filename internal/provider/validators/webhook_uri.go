// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// WebhookURI: the service delivers events over HTTPS only.
func WebhookURI() validator.String {
	return stringRule{
		description: "must be an absolute https:// URL",
		summary:     "Invalid webhook URI",
		check: func(raw string) error {
			if reason := webhookURIProblem(raw); reason != "" {
				return errors.New("must be an absolute https:// URL: " + reason)
			}
			return nil
		},
	}
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
	case u.User != nil:
		return "it must not contain user information; send credentials in headers or headers_wo"
	case u.Fragment != "":
		return fmt.Sprintf("%q must not have a fragment", raw)
	}
	return ""
}

// WebhookURIPrefix accepts the start of a webhook URI, which a scope compares as a URL.
func WebhookURIPrefix() validator.String {
	return stringRule{
		description: "must be an https:// URL: a host, and optionally a port and the start of a path",
		summary:     "Invalid webhook URI prefix",
		check: func(raw string) error {
			if problem := WebhookURIPrefixProblem(raw); problem != "" {
				return errors.New(problem)
			}
			return nil
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
