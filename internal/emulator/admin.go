// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// adminPrefix keeps the helpers of tests and development apart from the
// service routes. They need no credentials and faults never apply to them.
const adminPrefix = "/_emulator/"

func (e *Emulator) adminRoutes(mux *http.ServeMux) {
	handle := func(pattern string, h func(w http.ResponseWriter, r *http.Request, key string)) {
		mux.Handle(pattern, e.logged(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if key, ok := e.adminTenant(w, r, pattern); ok {
				h(w, r, key)
			}
		})))
	}
	handle("GET "+adminPrefix+"healthz", func(w http.ResponseWriter, _ *http.Request, _ string) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	handle("POST "+adminPrefix+"tenants", func(w http.ResponseWriter, _ *http.Request, _ string) {
		t, err := e.newTenant()
		if err != nil {
			writeSaveError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, t)
	})
	handle("GET "+adminPrefix+"counters", func(w http.ResponseWriter, _ *http.Request, key string) {
		writeJSON(w, http.StatusOK, map[string]any{
			"counters": e.Counters(key), "writes": e.Writes(key), "peak_concurrent_writes": e.PeakConcurrentWrites(key)})
	})
	handle("DELETE "+adminPrefix+"counters", func(w http.ResponseWriter, _ *http.Request, key string) {
		e.ResetCounters(key)
		w.WriteHeader(http.StatusNoContent)
	})
	handle("PUT "+adminPrefix+"faults", func(w http.ResponseWriter, r *http.Request, key string) {
		var f FaultConfig
		if decodeJSON(w, r, &f) && writeBadRequest(w, e.setFaults(key, f)) {
			writeJSON(w, http.StatusOK, e.Faults(key))
		}
	})
	handle("DELETE "+adminPrefix+"faults", func(w http.ResponseWriter, _ *http.Request, key string) {
		e.ClearFaults(key)
		w.WriteHeader(http.StatusNoContent)
	})
	handle("POST "+adminPrefix+"faults/script", func(w http.ResponseWriter, r *http.Request, key string) {
		var req struct {
			Route       string
			Kind        FaultKind
			Skip, Count int
		}
		if !decodeJSON(w, r, &req) {
			return
		}
		if req.Count == 0 {
			req.Count = 1
		}
		if err := e.scriptFault(key, req.Route, req.Kind, req.Skip, req.Count); err != nil {
			writeError(w, http.StatusBadRequest, "%v (kinds: %v)", err, FaultKinds)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	handle("PUT "+adminPrefix+"faults/holds", func(w http.ResponseWriter, r *http.Request, key string) {
		var req struct {
			Route    string       `json:"route"`
			Duration jsonDuration `json:"duration"`
		}
		if decodeJSON(w, r, &req) && writeBadRequest(w, e.holdAnswers(key, req.Route, time.Duration(req.Duration))) {
			holds := map[string]string{}
			for route, d := range e.HeldAnswers(key) {
				holds[route] = d.String()
			}
			writeJSON(w, http.StatusOK, holds)
		}
	})
	handle("PUT "+adminPrefix+"answer-forms", func(w http.ResponseWriter, r *http.Request, key string) {
		var forms AnswerForms
		if decodeJSON(w, r, &forms) && writeBadRequest(w, e.setAnswerForms(key, forms)) {
			writeJSON(w, http.StatusOK, e.AnswerForms(key))
		}
	})
	handle("GET "+adminPrefix+"answer-forms", func(w http.ResponseWriter, _ *http.Request, key string) {
		writeJSON(w, http.StatusOK, e.AnswerForms(key))
	})
	handle("DELETE "+adminPrefix+"answer-forms", func(w http.ResponseWriter, _ *http.Request, key string) {
		e.SetAnswerForms(key, AnswerForms{})
		w.WriteHeader(http.StatusNoContent)
	})
	handle("POST "+adminPrefix+"events/signatory-signed", e.adminEvent(e.SimulateSignatorySigned))
	handle("POST "+adminPrefix+"events/request-completed", e.adminEvent(e.SimulateRequestCompleted))
	handle("GET "+adminPrefix+"deliveries", func(w http.ResponseWriter, _ *http.Request, key string) {
		writeJSON(w, http.StatusOK, map[string][]Delivery{"deliveries": nonNil(e.Deliveries(key))})
	})
	handle("PUT "+adminPrefix+"documents/{blobConnectionId}", e.adminDocumentPut)
	handle("POST "+adminPrefix+"tokens/expire", func(w http.ResponseWriter, _ *http.Request, key string) {
		e.ExpireTokens(key)
		w.WriteHeader(http.StatusNoContent)
	})
	handle("GET "+adminPrefix+"subscriptions", func(w http.ResponseWriter, _ *http.Request, key string) {
		writeJSON(w, http.StatusOK, subscriptionList{Items: nonNil(e.Subscriptions(key))})
	})
	handle("DELETE "+adminPrefix+"subscriptions/{id}", func(w http.ResponseWriter, r *http.Request, key string) {
		removed, err := e.deleteSubscription(key, r.PathValue("id"))
		writeDone(w, removed, err, "subscription")
	})
	handle("GET "+adminPrefix+"metadata", func(w http.ResponseWriter, _ *http.Request, key string) {
		writeJSON(w, http.StatusOK, map[string][]StoredMetadataEntry{"items": nonNil(e.Metadata(key))})
	})
	handle("PUT "+adminPrefix+"metadata/{entityType}/{entityId}/{key}", e.adminMetadataPut)
	handle("DELETE "+adminPrefix+"metadata/{entityType}/{entityId}/{key}", func(w http.ResponseWriter, r *http.Request, key string) {
		removed, err := e.deleteMetadata(key, r.PathValue("entityType"), r.PathValue("entityId"), r.PathValue("key"))
		writeDone(w, removed, err, "metadata entry")
	})
	// Anything else under the prefix is a typo worth a clear 404.
	handle(adminPrefix, func(w http.ResponseWriter, _ *http.Request, _ string) {
		writeError(w, http.StatusNotFound, "unknown admin route; see the emulator package documentation")
	})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// adminTenant resolves ?tenant= or answers 404. No tenant is the default
// tenant, or for the fault routes the global setting; the counters also
// take UnauthenticatedBucket.
func (e *Emulator) adminTenant(w http.ResponseWriter, r *http.Request, pattern string) (string, bool) {
	key := r.URL.Query().Get("tenant")
	if key == "" || (key == UnauthenticatedBucket && strings.HasSuffix(pattern, "counters")) {
		return key, true
	}
	if err := e.onTenant(key, func(*tenantState) {}); err != nil {
		writeError(w, http.StatusNotFound, "%v", err)
		return "", false
	}
	return key, true
}

// writeBadRequest answers 400 for err and reports whether there was none.
func writeBadRequest(w http.ResponseWriter, err error) bool {
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
	}
	return err == nil
}

// writeDone answers an out-of-band change: 204, or 404 if what was not found.
func writeDone(w http.ResponseWriter, found bool, err error, what string) {
	switch {
	case err != nil:
		writeSaveError(w, err)
	case !found:
		writeError(w, http.StatusNotFound, "%s not found", what)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// adminEvent fires an event; the body (an Event, every field optional) may be empty.
func (e *Emulator) adminEvent(fire func(string, Event) ([]Delivery, error)) func(http.ResponseWriter, *http.Request, string) {
	return func(w http.ResponseWriter, r *http.Request, key string) {
		var ev Event
		if r.ContentLength != 0 && !decodeJSON(w, r, &ev) {
			return
		}
		deliveries, err := fire(key, ev)
		if err != nil {
			writeError(w, http.StatusNotFound, "%v", err)
			return
		}
		writeJSON(w, http.StatusOK, map[string][]Delivery{"deliveries": deliveries})
	}
}

// adminDocumentPut stores the raw body, or with ?synthetic_size=N a
// generated document that is never held in memory.
func (e *Emulator) adminDocumentPut(w http.ResponseWriter, r *http.Request, key string) {
	id := r.PathValue("blobConnectionId")
	d := &document{synthetic: true}
	if s := r.URL.Query().Get("synthetic_size"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "synthetic_size must be a non-negative integer")
			return
		}
		d.size = n
	} else {
		data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 256<<20))
		if err != nil {
			writeError(w, http.StatusRequestEntityTooLarge, "document bodies are limited to 256 MiB; use synthetic_size for larger ones")
			return
		}
		d = &document{data: data, size: int64(len(data))}
	}
	if err := e.putDocument(key, id, d); err != nil {
		writeSaveError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"blobConnectionId": id, "size": d.size, "synthetic": d.synthetic})
}

func (e *Emulator) adminMetadataPut(w http.ResponseWriter, r *http.Request, key string) {
	var req putMetadataRequest
	if entityType, ok := entityTypeOf(w, r); ok && decodeJSON(w, r, &req) {
		err := e.setMetadata(key, entityType, r.PathValue("entityId"), r.PathValue("key"), req.Value, req.ReferenceID)
		writeDone(w, true, err, "")
	}
}
