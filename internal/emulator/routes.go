// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Route names: the ServeMux patterns of the service, the keys of Counters
// and of the faults' routes.
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

func knownRoute(name string) bool { return slices.Contains(Routes(), name) }

// isWriteRoute tells the routes that change the service's state (not the login).
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

// service registers a route behind counting, faults and credentials, in the
// order of a gateway: faults strike before credentials are looked at.
func (e *Emulator) service(mux *http.ServeMux, route string, needsToken bool, h serviceHandler) {
	mux.Handle(route, e.logged(route, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := e.countRequest(r, route)
		if t != nil && isWriteRoute(route) {
			e.writing(t, 1)
			defer e.writing(t, -1)
		}
		kind, latency, retryAfter := e.pickFault(t, route)
		if !pause(r.Context(), latency) {
			return
		}
		hold := e.answerHold(t, route)
		switch kind {
		case "":
		case FaultCommitThenDrop:
			if discard := (discardWriter{}); e.authorize(discard, r, t, needsToken) {
				h(discard, r, t)
			}
			pause(r.Context(), hold)
			dropConnection(w)
			return
		default:
			pause(r.Context(), hold)
			strike(w, kind, retryAfter)
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

// discardWriter takes the answer of a request whose connection is dropped.
type discardWriter struct{}

func (discardWriter) Header() http.Header         { return http.Header{} }
func (discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (discardWriter) WriteHeader(int)             {}

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

// logged writes a line per request: route pattern, status and duration;
// never what may carry a secret (path values, query, headers, body).
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
