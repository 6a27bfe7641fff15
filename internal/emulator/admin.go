// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"
)

// adminPrefix keeps test and development helpers apart from the service
// routes. They need no credentials and faults never apply to them.
const adminPrefix = "/_emulator/"

func (e *Emulator) adminRoutes(mux *http.ServeMux) {
	handle := func(pattern string, h http.HandlerFunc) {
		mux.Handle(pattern, e.logged(pattern, h))
	}
	handle("GET "+adminPrefix+"healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	handle("POST "+adminPrefix+"tenants", func(w http.ResponseWriter, r *http.Request) {
		t, err := e.newTenant()
		if err != nil {
			writeSaveError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, t)
	})
	handle("GET "+adminPrefix+"counters", e.adminCountersGet)
	handle("DELETE "+adminPrefix+"counters", func(w http.ResponseWriter, r *http.Request) {
		e.ResetCounters(r.URL.Query().Get("tenant"))
		w.WriteHeader(http.StatusNoContent)
	})
	handle("GET "+adminPrefix+"faults", e.adminFaultsGet)
	handle("PUT "+adminPrefix+"faults", e.adminFaultsPut)
	handle("DELETE "+adminPrefix+"faults", func(w http.ResponseWriter, r *http.Request) {
		e.ClearFaults(r.URL.Query().Get("tenant"))
		w.WriteHeader(http.StatusNoContent)
	})
	handle("POST "+adminPrefix+"faults/script", e.adminFaultsScript)
	handle("GET "+adminPrefix+"faults/holds", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminFaultTenant(w, r); ok {
			writeJSON(w, http.StatusOK, heldAnswersJSON(e.HeldAnswers(key)))
		}
	})
	handle("PUT "+adminPrefix+"faults/holds", e.adminHoldsPut)
	handle("POST "+adminPrefix+"events/signatory-signed", e.adminEvent(e.SimulateSignatorySigned))
	handle("POST "+adminPrefix+"events/request-completed", e.adminEvent(e.SimulateRequestCompleted))
	handle("GET "+adminPrefix+"deliveries", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := e.adminTenant(w, r); ok {
			writeJSON(w, http.StatusOK, map[string][]Delivery{"deliveries": nonNil(e.Deliveries(r.URL.Query().Get("tenant")))})
		}
	})
	handle("PUT "+adminPrefix+"documents/{blobConnectionId}", e.adminDocumentPut)
	handle("POST "+adminPrefix+"tokens/expire", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminTenant(w, r); ok {
			e.ExpireTokens(key)
			w.WriteHeader(http.StatusNoContent)
		}
	})
	handle("GET "+adminPrefix+"subscriptions", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminTenant(w, r); ok {
			writeJSON(w, http.StatusOK, subscriptionList{Items: nonNil(e.Subscriptions(key))})
		}
	})
	handle("DELETE "+adminPrefix+"subscriptions/{id}", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminTenant(w, r); ok {
			removed, err := e.deleteSubscription(key, r.PathValue("id"))
			switch {
			case err != nil:
				writeSaveError(w, err)
				return
			case !removed:
				writeError(w, http.StatusNotFound, "subscription not found")
				return
			}
			w.WriteHeader(http.StatusNoContent)
		}
	})
	handle("GET "+adminPrefix+"metadata", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminTenant(w, r); ok {
			writeJSON(w, http.StatusOK, map[string][]StoredMetadataEntry{"items": nonNil(e.Metadata(key))})
		}
	})
	handle("PUT "+adminPrefix+"metadata/{entityType}/{entityId}/{key}", e.adminMetadataPut)
	handle("DELETE "+adminPrefix+"metadata/{entityType}/{entityId}/{key}", func(w http.ResponseWriter, r *http.Request) {
		if key, ok := e.adminTenant(w, r); ok {
			removed, err := e.deleteMetadata(key, r.PathValue("entityType"), r.PathValue("entityId"), r.PathValue("key"))
			switch {
			case err != nil:
				writeSaveError(w, err)
				return
			case !removed:
				writeError(w, http.StatusNotFound, "metadata entry not found")
				return
			}
			w.WriteHeader(http.StatusNoContent)
		}
	})
	// Anything else under the prefix is a typo worth a clear 404.
	handle(adminPrefix, func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "unknown admin route; see the emulator package documentation")
	})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// adminTenant resolves ?tenant= ("" = default tenant) or answers 404.
func (e *Emulator) adminTenant(w http.ResponseWriter, r *http.Request) (string, bool) {
	key := r.URL.Query().Get("tenant")
	e.mu.Lock()
	_, err := e.tenantLocked(key)
	e.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusNotFound, "%v", err)
		return "", false
	}
	return key, true
}

func (e *Emulator) adminCountersGet(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("tenant")
	if key != UnauthenticatedBucket {
		if _, ok := e.adminTenant(w, r); !ok {
			return
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Counters             map[string]int `json:"counters"`
		Writes               int            `json:"writes"`
		PeakConcurrentWrites int            `json:"peak_concurrent_writes"`
	}{e.Counters(key), e.Writes(key), e.PeakConcurrentWrites(key)})
}

// adminFaultTenant resolves ?tenant= for the fault routes, where "" is global.
func (e *Emulator) adminFaultTenant(w http.ResponseWriter, r *http.Request) (string, bool) {
	if r.URL.Query().Get("tenant") == "" {
		return "", true
	}
	return e.adminTenant(w, r)
}

func (e *Emulator) adminFaultsGet(w http.ResponseWriter, r *http.Request) {
	if key, ok := e.adminFaultTenant(w, r); ok {
		writeJSON(w, http.StatusOK, e.Faults(key))
	}
}

// adminFaultRequest resolves a fault route's tenant and decodes its body; on a failure it has answered.
func adminFaultRequest[T any](e *Emulator, w http.ResponseWriter, r *http.Request) (key string, req T, ok bool) {
	if key, ok = e.adminFaultTenant(w, r); ok {
		ok = decodeJSON(w, r, &req)
	}
	return key, req, ok
}

func (e *Emulator) adminFaultsPut(w http.ResponseWriter, r *http.Request) {
	key, f, ok := adminFaultRequest[FaultConfig](e, w, r)
	if !ok {
		return
	}
	if err := e.setFaults(key, f); err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, e.Faults(key))
}

func (e *Emulator) adminFaultsScript(w http.ResponseWriter, r *http.Request) {
	key, req, ok := adminFaultRequest[struct {
		Route string    `json:"route"`
		Kind  FaultKind `json:"kind"`
		Skip  int       `json:"skip"`
		Count int       `json:"count"`
	}](e, w, r)
	if !ok {
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
}

// adminHoldsPut sets the hold of one route: {"route":"POST /hooks/v1/subscription","duration":"3s"}
// ("0s" removes it), and answers the holds that now apply.
func (e *Emulator) adminHoldsPut(w http.ResponseWriter, r *http.Request) {
	key, req, ok := adminFaultRequest[struct {
		Route    string          `json:"route"`
		Duration json.RawMessage `json:"duration"`
	}](e, w, r)
	if !ok {
		return
	}
	d, err := parseDurationJSON(req.Duration)
	if err == nil {
		err = e.holdAnswers(key, req.Route, d)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, heldAnswersJSON(e.HeldAnswers(key)))
}

// heldAnswersJSON writes durations as strings such as "3s".
func heldAnswersJSON(holds map[string]time.Duration) map[string]string {
	out := make(map[string]string, len(holds))
	for route, d := range holds {
		out[route] = d.String()
	}
	return out
}

func (e *Emulator) adminEvent(fire func(string, Event) ([]Delivery, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, ok := e.adminTenant(w, r)
		if !ok {
			return
		}
		var ev Event
		if r.ContentLength != 0 {
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBody))
			var tooLarge *http.MaxBytesError
			switch {
			case errors.As(err, &tooLarge):
				writeSizeLimitError(w, tooLarge.Limit)
				return
			case err != nil:
				writeError(w, http.StatusBadRequest, "request body could not be read")
				return
			}
			if len(body) > 0 {
				if err := json.Unmarshal(body, &ev); err != nil {
					writeError(w, http.StatusBadRequest, "request body is not a valid event: %v", err)
					return
				}
			}
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
func (e *Emulator) adminDocumentPut(w http.ResponseWriter, r *http.Request) {
	key, ok := e.adminTenant(w, r)
	if !ok {
		return
	}
	id := r.PathValue("blobConnectionId")
	if s := r.URL.Query().Get("synthetic_size"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "synthetic_size must be a non-negative integer")
			return
		}
		if err := e.putDocument(key, id, &document{synthetic: true, size: n}); err != nil {
			writeSaveError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"blobConnectionId": id, "size": n, "synthetic": true})
		return
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 256<<20))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, "document bodies are limited to 256 MiB; use synthetic_size for larger ones")
		return
	}
	if err := e.putDocument(key, id, &document{data: data, size: int64(len(data))}); err != nil {
		writeSaveError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"blobConnectionId": id, "size": len(data), "synthetic": false})
}

func (e *Emulator) adminMetadataPut(w http.ResponseWriter, r *http.Request) {
	key, ok := e.adminTenant(w, r)
	if !ok {
		return
	}
	entityType, ok := canonicalEntityType(r.PathValue("entityType"))
	if !ok {
		writeError(w, http.StatusBadRequest, "entityType must be one of SignatureRequest, Signatory, Document")
		return
	}
	var req putMetadataRequest
	if !decodeJSON(w, r, &req) {
		return
	}
	if err := e.setMetadata(key, entityType, r.PathValue("entityId"), r.PathValue("key"), req.Value, req.ReferenceID); err != nil {
		writeSaveError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
