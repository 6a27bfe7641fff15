// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// refused is a 401 of a route at a host, as the client reports it.
func refused(route, host string, login bool) error {
	return &client.APIError{Method: "GET", Route: route, Host: host, StatusCode: 401, Login: login}
}

// report adds errs through d, each under its summary, and returns the
// details.
func report(d *ProviderData, errs map[string]error, order ...string) []string {
	var diags diag.Diagnostics
	for _, summary := range order {
		d.AddAPIError(&diags, summary, errs[summary])
	}
	details := make([]string, 0, len(diags))
	for _, e := range diags.Errors() {
		details = append(details, e.Detail())
	}
	return details
}

// Within one operation the first error of a shared cause is full, the
// later ones one line naming their own call and the first's summary; a new
// operation, other causes and causes of one object are reported in full.
func TestAddAPIErrorReportsACauseInFullOnce(t *testing.T) {
	errs := map[string]error{
		"Could not read the metadata entry":        refused("GET /metadata/{entityType}/{entityId}", "prod.example.com:443", false),
		"Could not list the supported hooks":       refused("GET /hooks/v1", "prod.example.com:443", false),
		"Could not read the webhook subscriptions": refused("GET /hooks/v1/subscription", "prod.example.com:443", false),
		"Could not read the document": &client.APIError{
			Method: "GET", Route: "GET /storage/document/{blobConnectionId}", Host: "prod.example.com:443", StatusCode: 404,
		},
		"Could not write the metadata entry": &client.APIError{
			Method: "PUT", Route: "PUT /metadata/{entityType}/{entityId}/{key}", Host: "prod.example.com:443", StatusCode: 404,
		},
	}
	order := []string{"Could not read the metadata entry", "Could not read the document", "Could not list the supported hooks",
		"Could not write the metadata entry", "Could not read the webhook subscriptions"}

	details := report(&ProviderData{}, errs, order...)
	full := strings.Count(strings.Join(details, "\n"), "Check access_token")
	if full != 1 {
		t.Errorf("the 401 advice appears %d times, want once:\n%s", full, strings.Join(details, "\n---\n"))
	}
	if !strings.Contains(details[0], "the service at prod.example.com:443 refused them") {
		t.Errorf("the first 401 is not reported in full, naming the host:\n%s", details[0])
	}
	for _, i := range []int{2, 4} {
		want := fmt.Sprintf(`: service answered 401 Unauthorized: the same cause as another error of this provider configuration, %q,`,
			"Could not read the metadata entry")
		if !strings.Contains(details[i], want) || strings.Count(details[i], "\n") != 0 {
			t.Errorf("error %d is not one line pointing at the first:\n%s", i, details[i])
		}
	}
	if !strings.HasPrefix(details[2], "GET /hooks/v1 at prod.example.com:443") {
		t.Errorf("the short error does not name its own call and host:\n%s", details[2])
	}
	for _, i := range []int{1, 3} {
		if strings.Contains(details[i], "same cause") {
			t.Errorf("a 404 is about one object and must be reported in full:\n%s", details[i])
		}
	}

	// Another operation (another Configure, or another provider
	// configuration) starts afresh; so does a report without provider data.
	if again := report(&ProviderData{}, errs, "Could not list the supported hooks"); strings.Contains(again[0], "same cause") {
		t.Errorf("a new operation shortened its first error:\n%s", again[0])
	}
	for range 2 {
		if d := report(nil, errs, "Could not list the supported hooks"); strings.Contains(d[0], "same cause") {
			t.Errorf("without provider data an error was shortened:\n%s", d[0])
		}
	}
}

// Each kind of shared cause is one cause, whatever call meets it; an
// unknown outcome is never shortened, since it says what to import.
func TestCauseOf(t *testing.T) {
	login := fmt.Errorf("%w: the service at h:443 refused ...: %w", client.ErrLoginRejected, refused("POST /identity/login", "h:443", true))
	refusedConn := &client.TransportError{Method: "GET", Host: "h:443", Path: "/hooks/v1", Hint: "Is the service running at h:443?"}
	for _, tc := range []struct {
		name   string
		a, b   error
		same   bool
		shared bool
	}{
		{"401 on two routes", refused("GET /hooks/v1", "h:443", false), refused("GET /metadata", "h:443", false), true, true},
		{"login refused", login, login, true, true},
		{"two transport failures alike", refusedConn, &client.TransportError{Method: "PUT", Host: "h:443", Path: "/metadata/a/b/c", Hint: refusedConn.Hint}, true, true},
		{"two transport failures of different kinds", refusedConn, &client.TransportError{Method: "GET", Host: "h:443", Path: "/hooks/v1", Hint: "a timeout"}, false, true},
		{"wrong base URL", fmt.Errorf("x: %w", client.ErrWrongBaseURL), fmt.Errorf("y: %w", client.ErrWrongBaseURL), true, true},
		{"unknown outcome of a lost answer", fmt.Errorf("%w: %w", client.ErrOutcomeUnknown, refusedConn), nil, false, false},
		{"a 404", &client.APIError{Route: "GET /x", StatusCode: 404}, nil, false, false},
		{"a malformed answer", fmt.Errorf("list: %w", client.ErrMalformedAnswer), nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _, shared := causeOf(tc.a)
			if shared != tc.shared {
				t.Fatalf("shared = %t, want %t", shared, tc.shared)
			}
			if tc.b == nil {
				return
			}
			b, _, _ := causeOf(tc.b)
			if (a == b) != tc.same {
				t.Errorf("causes %v and %v: same = %t, want %t", a, b, a == b, tc.same)
			}
		})
	}
}

// A call refused after a login worked points at the subscription key and the user's rights, not at the
// credentials (TestAccOneCauseOneError checks the advice for a refused token and a refused login).
func TestAPIErrorAdviceAfterALogin(t *testing.T) {
	advice := apiErrorAdvice(refused("GET /hooks/v1", "h:443", true))
	if !strings.Contains(advice, "login worked, but the service at h:443 refused this call") ||
		!strings.Contains(advice, "Check subscription_key (ESIGN_SUBSCRIPTION_KEY)") ||
		strings.Contains(advice, "access_token") || strings.Contains(advice, "login.password") {
		t.Errorf("advice after a login:\n%s", advice)
	}
}
