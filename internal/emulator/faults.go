// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// FaultKind is one injected failure.
type FaultKind string

// Fault kinds. Status kinds answer that status with the usual error body;
// FaultRateLimit adds Retry-After; FaultDrop closes the connection before
// the request is processed; FaultCommitThenDrop processes it, then closes
// the connection without an answer (the client cannot tell it succeeded).
// The other commit-then kinds (faults_garbled.go) process it, then send its
// answer damaged.
const (
	FaultInternalError      FaultKind = "500"
	FaultBadGateway         FaultKind = "502"
	FaultServiceUnavailable FaultKind = "503"
	FaultGatewayTimeout     FaultKind = "504"
	FaultRateLimit          FaultKind = "429"
	FaultDrop               FaultKind = "drop"
	FaultCommitThenDrop     FaultKind = "commit-then-drop"
	// FaultUnauthorized answers 401 as the gateway does for an expired
	// token, so that a client's re-login can be tested on any route.
	FaultUnauthorized FaultKind = "401"
)

// FaultKinds lists every kind.
var FaultKinds = append([]FaultKind{FaultInternalError, FaultBadGateway, FaultServiceUnavailable, FaultGatewayTimeout, FaultRateLimit, FaultDrop, FaultUnauthorized},
	garbledKinds...)

var serverErrorKinds = []FaultKind{FaultInternalError, FaultBadGateway, FaultServiceUnavailable, FaultGatewayTimeout}

func (k FaultKind) valid() bool { return slices.Contains(FaultKinds, k) }

// isPreProcessing tells kinds that strike before the request is processed.
func (k FaultKind) isPreProcessing() bool { return k != "" && !k.isGarbled() }

// isGarbled tells kinds that process the request, then drop or damage its
// answer.
func (k FaultKind) isGarbled() bool { return slices.Contains(garbledKinds, k) }

// FaultConfig sets random faults. Rates are fractions between 0 and 1, drawn
// independently per request in the order drop, commit-then-drop, 429, 5xx.
// The zero value injects nothing.
type FaultConfig struct {
	Latency            time.Duration // added to every matching request
	ErrorRate          float64       // 500, 502, 503 or 504
	RateLimitRate      float64       // 429 with Retry-After
	RetryAfter         time.Duration // sent rounded up to whole seconds; 0 sends "0"
	DropRate           float64       // connection closed before processing
	CommitThenDropRate float64       // processed, then connection closed unanswered
	Routes             []string      // route names (Route*) to affect; empty: every service route
	Seed               uint64        // seeds the draws, so a run repeats
	// EchoRequest makes every error answer of the affected routes quote the
	// request's headers and body, secrets included (faults_echo.go), as a
	// careless gateway or a service in debug mode does: a client must
	// redact what it shows of an error answer.
	EchoRequest bool
	// EchoEncoding is how the echo is written: EchoGo, EchoDotNet or EchoForm.
	EchoEncoding string
}

// faultConfigJSON is the admin wire form, with durations as strings.
type faultConfigJSON struct {
	Latency            string   `json:"latency"`
	ErrorRate          float64  `json:"errorRate"`
	RateLimitRate      float64  `json:"rateLimitRate"`
	RetryAfter         string   `json:"retryAfter"`
	DropRate           float64  `json:"dropRate"`
	CommitThenDropRate float64  `json:"commitThenDropRate"`
	Routes             []string `json:"routes"`
	Seed               uint64   `json:"seed"`
	EchoRequest        bool     `json:"echoRequest"`
	EchoEncoding       string   `json:"echoEncoding"`
}

// MarshalJSON writes durations as strings such as "150ms".
func (f FaultConfig) MarshalJSON() ([]byte, error) {
	routes := f.Routes
	if routes == nil {
		routes = []string{}
	}
	return json.Marshal(faultConfigJSON{
		Latency: f.Latency.String(), ErrorRate: f.ErrorRate, RateLimitRate: f.RateLimitRate,
		RetryAfter: f.RetryAfter.String(), DropRate: f.DropRate, CommitThenDropRate: f.CommitThenDropRate,
		Routes: routes, Seed: f.Seed, EchoRequest: f.EchoRequest, EchoEncoding: f.EchoEncoding,
	})
}

// UnmarshalJSON reads durations as strings ("150ms") or as milliseconds.
func (f *FaultConfig) UnmarshalJSON(b []byte) error {
	var raw struct {
		faultConfigJSON
		Latency    json.RawMessage `json:"latency"`
		RetryAfter json.RawMessage `json:"retryAfter"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	lat, err := parseDurationJSON(raw.Latency)
	if err != nil {
		return fmt.Errorf("latency: %w", err)
	}
	ra, err := parseDurationJSON(raw.RetryAfter)
	if err != nil {
		return fmt.Errorf("retryAfter: %w", err)
	}
	j := raw.faultConfigJSON
	*f = FaultConfig{Latency: lat, ErrorRate: j.ErrorRate, RateLimitRate: j.RateLimitRate, RetryAfter: ra,
		DropRate: j.DropRate, CommitThenDropRate: j.CommitThenDropRate, Routes: j.Routes, Seed: j.Seed,
		EchoRequest: j.EchoRequest, EchoEncoding: j.EchoEncoding}
	return nil
}

func parseDurationJSON(raw json.RawMessage) (time.Duration, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s == "" {
			return 0, nil
		}
		return time.ParseDuration(s)
	}
	var ms float64
	if err := json.Unmarshal(raw, &ms); err != nil {
		return 0, fmt.Errorf("want a duration string or milliseconds")
	}
	return time.Duration(ms * float64(time.Millisecond)), nil
}

func (f FaultConfig) validate() error {
	for name, r := range map[string]float64{"ErrorRate": f.ErrorRate, "RateLimitRate": f.RateLimitRate, "DropRate": f.DropRate, "CommitThenDropRate": f.CommitThenDropRate} {
		if r < 0 || r > 1 || math.IsNaN(r) {
			return fmt.Errorf("emulator: faults: %s must be between 0 and 1", name)
		}
	}
	if f.Latency < 0 || f.RetryAfter < 0 {
		return fmt.Errorf("emulator: faults: durations must not be negative")
	}
	if !slices.Contains(echoEncodings, f.EchoEncoding) {
		return fmt.Errorf("emulator: faults: unknown echo encoding %q", f.EchoEncoding)
	}
	for _, r := range f.Routes {
		if !knownRoute(r) {
			return fmt.Errorf("emulator: faults: unknown route %q", r)
		}
	}
	return nil
}

// faultState is a FaultConfig with its own generator, reseeded whenever the
// config is set, so the same config and requests give the same faults.
type faultState struct {
	cfg FaultConfig
	rng *rand.Rand
}

func newFaultState(cfg FaultConfig) faultState {
	return faultState{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed))}
}

// scriptEntry queues count faults of one kind for a route ("" = any route),
// after skip matching requests that it lets through.
type scriptEntry struct {
	route string
	kind  FaultKind
	skip  int
	count int
}

type pickedFault struct {
	kind       FaultKind
	latency    time.Duration
	retryAfter time.Duration
	echo       bool // error answers quote the request (EchoRequest)
	encoding   string
}

// pickFault decides the fault of one request: the tenant's scripted faults,
// then the global script, then the random faults of the tenant's config if it
// has one, else the global config.
func (e *Emulator) pickFault(t *tenantState, route string) pickedFault {
	e.mu.Lock()
	defer e.mu.Unlock()
	fs := &e.global
	if t != nil && t.faults != nil {
		fs = t.faults
	}
	var p pickedFault
	p.retryAfter = fs.cfg.RetryAfter
	matches := len(fs.cfg.Routes) == 0 || slices.Contains(fs.cfg.Routes, route)
	if matches {
		p.latency = fs.cfg.Latency
		p.echo, p.encoding = fs.cfg.EchoRequest, fs.cfg.EchoEncoding
	}
	if t != nil {
		if k, ok := takeScripted(&t.plan, route); ok {
			p.kind = k
			return p
		}
	}
	if k, ok := takeScripted(&e.globalPlan, route); ok {
		p.kind = k
		return p
	}
	if !matches {
		return p
	}
	c := fs.cfg
	switch {
	case c.DropRate > 0 && fs.rng.Float64() < c.DropRate:
		p.kind = FaultDrop
	case c.CommitThenDropRate > 0 && fs.rng.Float64() < c.CommitThenDropRate:
		p.kind = FaultCommitThenDrop
	case c.RateLimitRate > 0 && fs.rng.Float64() < c.RateLimitRate:
		p.kind = FaultRateLimit
	case c.ErrorRate > 0 && fs.rng.Float64() < c.ErrorRate:
		p.kind = serverErrorKinds[fs.rng.IntN(len(serverErrorKinds))]
	}
	return p
}

func takeScripted(plan *[]scriptEntry, route string) (FaultKind, bool) {
	for i := range *plan {
		s := &(*plan)[i]
		if s.route != "" && s.route != route {
			continue
		}
		if s.skip > 0 {
			// Let it through this entry; a later one may still take it.
			s.skip--
			continue
		}
		k := s.kind
		if s.count--; s.count <= 0 {
			*plan = append((*plan)[:i], (*plan)[i+1:]...)
		}
		return k, true
	}
	return "", false
}

func (p pickedFault) apply(w http.ResponseWriter) {
	switch p.kind {
	case FaultDrop:
		dropWithEcho(w)
	case FaultRateLimit:
		secs := int64(math.Ceil(p.retryAfter.Seconds()))
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		writeError(w, http.StatusTooManyRequests, "Rate limit is exceeded. Try again in %d seconds.", secs)
	default:
		code, _ := strconv.Atoi(string(p.kind))
		writeError(w, code, "injected fault: %s", http.StatusText(code))
	}
}

// dropConnection closes the connection without an answer. Hijack works on
// HTTP/1; elsewhere ErrAbortHandler makes the server abort the stream.
func dropConnection(w http.ResponseWriter) {
	if rec, ok := w.(*statusRecorder); ok {
		rec.dropped = true
	}
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

// SetFaults sets the random faults of a tenant, or the global ones when
// subscriptionKey is "". An invalid config is ignored and logged.
func (e *Emulator) SetFaults(subscriptionKey string, f FaultConfig) {
	if err := e.setFaults(subscriptionKey, f); err != nil {
		e.logf("%v", err)
	}
}

func (e *Emulator) setFaults(subscriptionKey string, f FaultConfig) error {
	if err := f.validate(); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	fs := newFaultState(f)
	if subscriptionKey == "" {
		e.global = fs
		return nil
	}
	t := e.tenants[subscriptionKey]
	if t == nil {
		return fmt.Errorf("emulator: unknown tenant subscription key")
	}
	t.faults = &fs
	return nil
}

// ClearFaults removes a tenant's own faults, scripted faults and held
// answers (it follows the global setting again), or with "" resets the
// global ones to none.
func (e *Emulator) ClearFaults(subscriptionKey string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if subscriptionKey == "" {
		e.global = newFaultState(FaultConfig{})
		e.globalPlan, e.globalHolds = nil, nil
		return
	}
	if t := e.tenants[subscriptionKey]; t != nil {
		t.faults, t.plan, t.holds = nil, nil, nil
	}
}

// Faults answers the fault config that applies to a tenant ("" = global).
func (e *Emulator) Faults(subscriptionKey string) FaultConfig {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.tenants[subscriptionKey]; subscriptionKey != "" && t != nil && t.faults != nil {
		return t.faults.cfg
	}
	return e.global.cfg
}

// ScriptFault makes the next count requests to route ("" = any service
// route) of the tenant ("" = any tenant, requests without a known key
// included) fail with kind. Scripted faults come before random ones.
func (e *Emulator) ScriptFault(subscriptionKey, route string, kind FaultKind, count int) {
	e.ScriptFaultAfter(subscriptionKey, route, kind, 0, count)
}

// ScriptFaultAfter is ScriptFault for the count requests that follow the
// next skip ones to route, which it lets through: a fault that strikes the
// third create of an apply, when two identical subscriptions already exist.
func (e *Emulator) ScriptFaultAfter(subscriptionKey, route string, kind FaultKind, skip, count int) {
	if err := e.scriptFault(subscriptionKey, route, kind, skip, count); err != nil {
		e.logf("%v", err)
	}
}

func (e *Emulator) scriptFault(subscriptionKey, route string, kind FaultKind, skip, count int) error {
	if !kind.valid() {
		return fmt.Errorf("emulator: unknown fault kind %q", kind)
	}
	if route != "" && !knownRoute(route) {
		return fmt.Errorf("emulator: unknown route %q", route)
	}
	if skip < 0 {
		return fmt.Errorf("emulator: skip must not be negative")
	}
	if count <= 0 {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	entry := scriptEntry{route: route, kind: kind, skip: skip, count: count}
	if subscriptionKey == "" {
		e.globalPlan = append(e.globalPlan, entry)
		return nil
	}
	t := e.tenants[subscriptionKey]
	if t == nil {
		return fmt.Errorf("emulator: unknown tenant subscription key")
	}
	t.plan = append(t.plan, entry)
	return nil
}
