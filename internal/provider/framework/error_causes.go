package framework

import (
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// One cause, one full error. Wrong credentials or an unreachable host stop
// every resource and data source of a provider configuration at once, and
// each must report an error of its own (Terraform would otherwise take it
// for a success), so a refresh of twenty resources used to print the same
// 401 and its advice twenty times. Within one operation (one configured
// provider: one base URL, one set of credentials), the first error of such
// a cause is reported in full and every later one in one line that names
// its own call and points at the first by its summary. Terraform sorts
// errors by their place in the configuration, so "the first" is not
// necessarily printed first: the line points at it by summary, not by
// position.

// AddAPIError is the package's AddAPIError, except that an error whose
// cause was already reported in full during this operation (see above) is
// shortened to a line. A nil d (the provider is not configured yet)
// reports in full.
func (d *ProviderData) AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	cause, call, shared := causeOf(err)
	if !shared || d == nil {
		AddAPIError(diags, summary, err)
		return
	}
	causes := OperationState(d, reportedCausesKey{}, func() *reportedCauses { return &reportedCauses{} })
	first, reported := causes.first(cause, summary)
	if !reported {
		AddAPIError(diags, summary, err)
		return
	}
	diags.AddError(summary, fmt.Sprintf("%s: the same cause as another error of this provider configuration, %q, which "+
		"gives the full detail and what to check (each cause is reported in full once).", call, first))
}

// reportedCausesKey is the key of reportedCauses in OperationState.
type reportedCausesKey struct{}

// reportedCauses remembers, for each cause reported in full during the
// operation, the summary of that error.
type reportedCauses struct {
	mu      sync.Mutex
	summary map[errorCause]string
}

// first answers the summary of the first error of cause, and whether one
// was reported before; if not, summary is that first error's from now on.
func (r *reportedCauses) first(cause errorCause, summary string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.summary[cause]; ok {
		return s, true
	}
	if r.summary == nil {
		r.summary = map[errorCause]string{}
	}
	r.summary[cause] = summary
	return summary, false
}

// errorCause is what a failure shares with the failures of other calls of
// the same operation: its kind and, where a kind has several, which one
// (the hint of a transport error, the Location of a redirect).
type errorCause struct{ kind, which string }

// causeOf answers the cause of err when it is one that every call of the
// operation meets alike, and call: this call's part of the story, in a
// few words. Answers about one object (a 404, a 400, a malformed list) are
// not shared: each says something of its own.
func causeOf(err error) (cause errorCause, call string, shared bool) {
	var apiErr *client.APIError
	var transportErr *client.TransportError
	var redirectErr *client.RedirectError
	switch {
	case errors.Is(err, client.ErrOutcomeUnknown):
		// A write that may have been carried out: its error says what to
		// look for or import, for this object alone.
		return errorCause{}, "", false
	case errors.Is(err, client.ErrLoginRejected):
		return errorCause{kind: "login refused"}, "the service" + atHost(err) + " refused the login", true
	case errors.As(err, &transportErr):
		return errorCause{kind: "transport", which: transportErr.Hint},
			fmt.Sprintf("%s %s at %s failed", transportErr.Method, transportErr.Path, transportErr.Host), true
	case errors.As(err, &redirectErr):
		return errorCause{kind: "redirect", which: redirectErr.Location},
			fmt.Sprintf("%s at %s answered %d with a redirect", redirectErr.Route, redirectErr.Host, redirectErr.StatusCode), true
	case errors.Is(err, client.ErrWrongBaseURL):
		return errorCause{kind: "wrong base_url"}, "the service answered 404 at this base_url", true
	case errors.As(err, &apiErr) && (errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrRateLimited)):
		return errorCause{kind: "status", which: http.StatusText(apiErr.StatusCode)},
			fmt.Sprintf("%s at %s: service answered %d %s", apiErr.Route, apiErr.Host, apiErr.StatusCode,
				http.StatusText(apiErr.StatusCode)), true
	}
	return errorCause{}, "", false
}
