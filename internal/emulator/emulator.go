// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Options configure an Emulator. The zero value gives the DevTenant, the
// default hooks, no faults and 30-minute tokens.
type Options struct {
	Tenants       []Tenant                 // the first is the default tenant; none: DevTenant, unless the state file has some
	Hooks         []string                 // the supported event types (default DefaultHooks), any case, of KnownHooks
	Faults        FaultConfig              // the global faults
	HeldAnswers   map[string]time.Duration // global held answers, by route (see HoldAnswers)
	TokenLifetime time.Duration            // of the login's tokens (default 30m)
	// StateFile, when set, is loaded by New and written at once (New fails
	// if it cannot be), before each write is answered and by Close.
	StateFile string
	// DeliveryClient sends event payloads (tests trust their receiver with
	// it); redirects are never followed whatever it says.
	DeliveryClient           *http.Client
	AllowNonLoopbackDelivery bool                             // deliver events to hosts other than loopback
	Logf                     func(format string, args ...any) // a line per request and delivery; nil: silent
	ErrorLogf                func(format string, args ...any) // failures that must be seen, such as a state file not saved; nil: Logf
}

// Emulator is the emulated service. Its methods are safe for concurrent use.
type Emulator struct {
	hooks          []hookDefinition
	tokenLifetime  time.Duration
	stateFile      string
	deliveryClient *http.Client
	allowRemote    bool
	logf, errorf   func(format string, args ...any)
	jwtSecret      []byte
	handler        http.Handler
	now            func() time.Time // when login tokens are issued and expire; tests set their own clock

	// mu guards what follows and all tenant state; it is never held during network I/O.
	mu      sync.Mutex
	tenants map[string]*tenantState // by subscription key
	order   []*tenantState          // registration order, for the state file and the default tenant
	unauth  map[string]int          // counters of requests without a known key
	global  faultSettings

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
		hooks:          hooks,
		tokenLifetime:  cmp.Or(max(opts.TokenLifetime, 0), 30*time.Minute),
		stateFile:      opts.StateFile,
		deliveryClient: deliveryClient(opts.DeliveryClient),
		allowRemote:    opts.AllowNonLoopbackDelivery,
		logf:           opts.Logf,
		errorf:         opts.ErrorLogf,
		jwtSecret:      randomBytes(32),
		now:            time.Now,
		tenants:        map[string]*tenantState{},
		unauth:         map[string]int{},
	}
	if e.logf == nil {
		e.logf = func(string, ...any) {}
	}
	if e.errorf == nil {
		e.errorf = e.logf
	}
	if err := e.setFaults("", opts.Faults); err != nil {
		return nil, err
	}
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
	for i, t := range tenants {
		if t.SubscriptionKey == "" || slices.ContainsFunc(tenants[:i], func(o Tenant) bool { return o.SubscriptionKey == t.SubscriptionKey }) {
			return nil, fmt.Errorf("emulator: tenant %d has no subscription key, or repeats one", i)
		}
		e.registerTenant(t, i == 0)
	}
	// A state file that cannot be kept is refused before any write is acknowledged.
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
	return e.stop(func(srv *http.Server) error { return srv.Shutdown(ctx) })
}

// Close stops a started server at once and saves the state file.
func (e *Emulator) Close() error { return e.stop((*http.Server).Close) }

func (e *Emulator) stop(f func(*http.Server) error) error {
	e.srvMu.Lock()
	srv := e.server
	e.srvMu.Unlock()
	var err error
	if srv != nil {
		err = f(srv)
	}
	return errors.Join(err, e.saveState())
}

// logError logs the error of a call that cannot answer it.
func (e *Emulator) logError(err error) {
	if err != nil {
		e.logf("%v", err)
	}
}

// errorBody is the error shape of the API Management gateway, for every error.
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

// writeError answers the gateway's error shape.
func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, errorBody{StatusCode: status, Message: fmt.Sprintf(format, args...)})
}

// maxRequestBody is far more than any request of the API needs.
const maxRequestBody = 1 << 20

// decodeJSON reads a small JSON body; field names match in any case, as on
// the live service.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxRequestBody)
	err := json.NewDecoder(r.Body).Decode(v)
	var typeErr *json.UnmarshalTypeError
	var tooLarge *http.MaxBytesError
	switch {
	case err == nil:
		return true
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge,
			"size limit exceeded: a request body may have at most %d bytes (%d KiB)", tooLarge.Limit, tooLarge.Limit>>10)
	case errors.As(err, &typeErr):
		writeError(w, http.StatusBadRequest, "request body: field %q must be a %s", typeErr.Field, typeErr.Type)
	default:
		// Not detailed: a syntax error quotes the body, which may hold a password.
		writeError(w, http.StatusBadRequest, "request body is not valid JSON")
	}
	return false
}
