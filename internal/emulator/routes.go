// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Route names: the ServeMux patterns of the service routes, also the keys of
// the request counters and the route filter of faults.
const (
	RouteLogin                 = "POST /identity/login"
	RouteHooksList             = "GET /hooks/v1"
	RouteSubscriptionCreate    = "POST /hooks/v1/subscription"
	RouteSubscriptionList      = "GET /hooks/v1/subscription"
	RouteSubscriptionGet       = "GET /hooks/v1/subscription/{id}"
	RouteSubscriptionDelete    = "DELETE /hooks/v1/subscription/{id}"
	RouteMetadataPut           = "PUT /metadata/{entityType}/{entityId}/{key}"
	RouteMetadataEntityList    = "GET /metadata/{entityType}/{entityId}"
	RouteMetadataReferenceList = "GET /metadata/{referenceId}"
	RouteDocumentMetadata      = "GET /metadata/document/{documentId}"
	RouteStorageDownload       = "GET /storage/document/{blobConnectionId}"
)

// Routes lists every service route name.
func Routes() []string {
	return []string{
		RouteLogin, RouteHooksList, RouteSubscriptionCreate, RouteSubscriptionList,
		RouteSubscriptionGet, RouteSubscriptionDelete, RouteMetadataPut,
		RouteMetadataEntityList, RouteMetadataReferenceList, RouteDocumentMetadata,
		RouteStorageDownload,
	}
}

func knownRoute(name string) bool {
	for _, r := range Routes() {
		if r == name {
			return true
		}
	}
	return false
}

// isWriteRoute tells the routes that change service state. Login is a POST
// but changes nothing a test of request economy cares about.
func isWriteRoute(name string) bool {
	if name == RouteLogin {
		return false
	}
	return strings.HasPrefix(name, "POST ") || strings.HasPrefix(name, "PUT ") || strings.HasPrefix(name, "DELETE ")
}

type serviceHandler func(w http.ResponseWriter, r *http.Request, t *tenantState)

func (e *Emulator) routes() http.Handler {
	mux := http.NewServeMux()
	e.service(mux, RouteLogin, false, e.handleLogin)
	e.service(mux, RouteHooksList, true, e.handleHooksList)
	e.service(mux, RouteSubscriptionCreate, true, e.handleSubscriptionCreate)
	e.service(mux, RouteSubscriptionList, true, e.handleSubscriptionList)
	e.service(mux, RouteSubscriptionGet, true, e.handleSubscriptionGet)
	e.service(mux, RouteSubscriptionDelete, true, e.handleSubscriptionDelete)
	e.service(mux, RouteMetadataPut, true, e.handleMetadataPut)
	e.service(mux, RouteMetadataEntityList, true, e.handleMetadataEntityList)
	e.service(mux, RouteMetadataReferenceList, true, e.handleMetadataReferenceList)
	e.service(mux, RouteDocumentMetadata, true, e.handleDocumentMetadata)
	e.service(mux, RouteStorageDownload, true, e.handleStorageDownload)
	e.adminRoutes(mux)
	mux.Handle("/", e.logged("unknown route", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "resource not found")
	})))
	return mux
}

// service registers a service route behind counting, faults and auth, in
// the order a gateway applies them: the request is counted, then faults
// (rate limits, outages) strike before credentials are even looked at. A
// held answer (HoldAnswers) leaves by the same way, only later.
func (e *Emulator) service(mux *http.ServeMux, route string, needsToken bool, h serviceHandler) {
	mux.Handle(route, e.logged(route, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := e.countRequest(r, route)
		if t != nil && isWriteRoute(route) {
			e.writeStarted(t)
			defer e.writeEnded(t)
		}
		f := e.pickFault(t, route)
		if !pause(r.Context(), f.latency) {
			return
		}
		hold := e.answerHold(t, route)
		if f.echo {
			w = withEcho(w, r, f.encoding)
		}
		switch {
		case f.kind.isPreProcessing():
			pause(r.Context(), hold)
			f.apply(w)
			return
		case f.kind.isGarbled():
			answer := newRecordedAnswer()
			if e.authorize(answer, r, t, needsToken) {
				h(answer, r, t)
			}
			pause(r.Context(), hold)
			sendGarbled(r.Context(), w, f.kind, answer)
			return
		}
		if hold > 0 {
			held := &heldWriter{ResponseWriter: w, ctx: r.Context(), hold: hold}
			defer held.wait()
			w = held
		}
		if e.authorize(w, r, t, needsToken) {
			h(w, r, t)
		}
	})))
}

// statusRecorder remembers the status for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status  int
	dropped bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach Hijack and Flush.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logged writes one line per request: method, route pattern, status and
// duration. Never the path values, query, headers or body: they may carry
// keys, tokens or header secrets.
func (e *Emulator) logged(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			status := "dropped"
			if rec.status != 0 && !rec.dropped {
				status = strconv.Itoa(rec.status)
			}
			name := route
			if !strings.Contains(route, " ") {
				name = r.Method + " " + route
			}
			e.logf("%s %s %s", name, status, time.Since(start).Round(time.Microsecond))
		}()
		h.ServeHTTP(rec, r)
	})
}
