// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Options configure an Emulator. The zero value is usable: it gives the
// DevTenant, the default hook set, no faults and 30-minute tokens.
type Options struct {
	// Tenants registered at start; the first one is the default tenant of
	// the admin routes. Empty means DevTenant (unless the state file has tenants).
	Tenants []Tenant
	// Hooks is the supported event-type set answered by GET /hooks/v1
	// (default DefaultHooks). Names are matched case-insensitively against KnownHooks.
	Hooks []string
	// Faults is the global fault setting.
	Faults FaultConfig
	// HeldAnswers holds the answers of these routes (Route*) for so long,
	// for every tenant (see HoldAnswers).
	HeldAnswers map[string]time.Duration
	// TokenLifetime of tokens issued by POST /identity/login (default 30m).
	TokenLifetime time.Duration
	// StateFile, when set, is loaded by New and rewritten at once (New
	// fails if it cannot be written, say its folder is missing), after each
	// write and by Close, so a demo survives restarts. A write that cannot
	// be saved is answered 500.
	StateFile string
	// DeliveryClient sends event payloads; tests inject one that trusts
	// their TLS receiver. Redirects are never followed whatever it says.
	DeliveryClient *http.Client
	// AllowNonLoopbackDelivery lets events go to hosts other than loopback.
	AllowNonLoopbackDelivery bool
	// Logf receives one line per request and operational messages. Nil: silent.
	Logf func(format string, args ...any)
	// ErrorLogf receives failures that must not go unseen, such as a state
	// file that could not be saved; silencing Logf should leave it set.
	// Nil: Logf.
	ErrorLogf func(format string, args ...any)
}

// Emulator is the emulated service. Its methods are safe for concurrent use.
type Emulator struct {
	hooks          []hookDefinition
	tokenLifetime  time.Duration
	stateFile      string
	deliveryClient *http.Client
	allowRemote    bool
	logf           func(format string, args ...any)
	errorf         func(format string, args ...any) // see Options.ErrorLogf
	jwtSecret      []byte
	handler        http.Handler
	now            func() time.Time // when login tokens are issued and expire; tests set their own clock

	// mu guards every field below and all tenant state. One lock keeps the
	// emulator obviously correct; it is never held during network I/O.
	mu          sync.Mutex
	tenants     map[string]*tenantState // by subscription key
	order       []*tenantState          // registration order, for the state file and the default tenant
	unauth      map[string]int          // counters of requests without a known key
	global      faultState
	globalPlan  []scriptEntry
	globalHolds map[string]time.Duration // see HoldAnswers

	saveMu sync.Mutex // orders state-file writes

	srvMu  sync.Mutex
	server *http.Server
}

// New builds an Emulator from opts, loading the state file if there is one.
func New(opts Options) (*Emulator, error) {
	hooks, err := resolveHooks(opts.Hooks)
	if err != nil {
		return nil, err
	}
	e := &Emulator{
		hooks:         hooks,
		tokenLifetime: opts.TokenLifetime,
		stateFile:     opts.StateFile,
		allowRemote:   opts.AllowNonLoopbackDelivery,
		logf:          opts.Logf,
		errorf:        opts.ErrorLogf,
		jwtSecret:     randomBytes(32),
		now:           time.Now,
		tenants:       map[string]*tenantState{},
		unauth:        map[string]int{},
	}
	if e.tokenLifetime <= 0 {
		e.tokenLifetime = 30 * time.Minute
	}
	if e.logf == nil {
		e.logf = func(string, ...any) {}
	}
	if e.errorf == nil {
		e.errorf = e.logf
	}
	e.deliveryClient = deliveryClient(opts.DeliveryClient)
	if err := opts.Faults.validate(); err != nil {
		return nil, err
	}
	e.global = newFaultState(opts.Faults)
	for route, d := range opts.HeldAnswers {
		if err := e.holdAnswers("", route, d); err != nil {
			return nil, err
		}
	}

	if e.stateFile != "" {
		if err := e.loadState(); err != nil {
			return nil, err
		}
	}
	tenants := opts.Tenants
	if len(tenants) == 0 && len(e.order) == 0 {
		tenants = []Tenant{DevTenant()}
	}
	seen := map[string]bool{}
	for i, t := range tenants {
		if t.SubscriptionKey == "" {
			return nil, fmt.Errorf("emulator: tenant %d has no subscription key", i)
		}
		if seen[t.SubscriptionKey] {
			return nil, fmt.Errorf("emulator: tenant %d repeats a subscription key", i)
		}
		seen[t.SubscriptionKey] = true
		e.registerTenant(t, i == 0)
	}
	// Written now, so a state file that cannot be kept is refused before
	// any write is acknowledged.
	if err := e.saveState(); err != nil {
		return nil, err
	}
	e.handler = e.routes()
	return e, nil
}

// Handler serves the service and admin routes.
func (e *Emulator) Handler() http.Handler { return e.handler }

// Start listens on addr (for example "127.0.0.1:0") and serves until Close.
// It answers the base URL, such as "http://127.0.0.1:41234".
func (e *Emulator) Start(addr string) (string, error) {
	e.srvMu.Lock()
	defer e.srvMu.Unlock()
	if e.server != nil {
		return "", errors.New("emulator: already started")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	e.server = &http.Server{Handler: e.handler, ReadHeaderTimeout: 10 * time.Second}
	go func(srv *http.Server) {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			e.logf("emulator: serve: %v", err)
		}
	}(e.server)
	return "http://" + ln.Addr().String(), nil
}

// Shutdown stops a started server gracefully, then saves the state file.
func (e *Emulator) Shutdown(ctx context.Context) error {
	e.srvMu.Lock()
	srv := e.server
	e.srvMu.Unlock()
	var err error
	if srv != nil {
		err = srv.Shutdown(ctx)
	}
	return errors.Join(err, e.saveState())
}

// Close stops a started server at once and saves the state file.
func (e *Emulator) Close() error {
	e.srvMu.Lock()
	srv := e.server
	e.srvMu.Unlock()
	var err error
	if srv != nil {
		err = srv.Close()
	}
	return errors.Join(err, e.saveState())
}

// errorBody is the error shape of the API Management gateway, used for
// every error so clients parse one shape.
type errorBody struct {
	StatusCode int    `json:"statusCode"`
	Message    string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"statusCode":500,"message":"encoding failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError answers the gateway's error shape. Under the echo fault
// (faults_echo.go) the message also quotes the request, secrets included.
func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if echo := echoOf(w); echo != "" {
		msg += "; " + echo
	}
	writeJSON(w, status, errorBody{StatusCode: status, Message: msg})
}

// maxRequestBody is the largest JSON request body the emulator reads: far
// more than any request of the API needs (a subscription with its headers,
// a metadata value).
const maxRequestBody = 1 << 20

// decodeJSON reads a small JSON body; field names match case-insensitively,
// as encoding/json does, which is what the live service accepts.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxRequestBody)
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		// Only type errors are detailed: syntax errors quote body bytes,
		// which may be a password.
		var typeErr *json.UnmarshalTypeError
		var tooLarge *http.MaxBytesError
		switch {
		case errors.As(err, &tooLarge):
			writeSizeLimitError(w, tooLarge.Limit)
		case errors.As(err, &typeErr):
			writeError(w, http.StatusBadRequest, "request body: field %q must be a %s", typeErr.Field, typeErr.Type)
		default:
			writeError(w, http.StatusBadRequest, "request body is not valid JSON")
		}
		return false
	}
	return true
}

// writeSizeLimitError answers a request body over the emulator's limit
// with a message that says so, rather than a puzzling "not valid JSON".
func writeSizeLimitError(w http.ResponseWriter, limit int64) {
	writeError(w, http.StatusRequestEntityTooLarge,
		"size limit exceeded: a request body may have at most %d bytes (%d KiB)", limit, limit>>10)
}
