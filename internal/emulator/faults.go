// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"reflect"
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
const (
	FaultInternalError      FaultKind = "500"
	FaultBadGateway         FaultKind = "502"
	FaultServiceUnavailable FaultKind = "503"
	FaultGatewayTimeout     FaultKind = "504"
	FaultRateLimit          FaultKind = "429"
	FaultDrop               FaultKind = "drop"
	FaultCommitThenDrop     FaultKind = "commit-then-drop"
	FaultUnauthorized       FaultKind = "401" // as for an expired token, on any route
)

// FaultKinds lists every kind.
var FaultKinds = []FaultKind{FaultInternalError, FaultBadGateway, FaultServiceUnavailable, FaultGatewayTimeout, FaultRateLimit,
	FaultDrop, FaultCommitThenDrop, FaultUnauthorized}

var serverErrorKinds = []FaultKind{FaultInternalError, FaultBadGateway, FaultServiceUnavailable, FaultGatewayTimeout}

func (k FaultKind) valid() bool { return slices.Contains(FaultKinds, k) }

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
}

// faultConfigJSON is the admin wire form.
type faultConfigJSON struct {
	Latency            jsonDuration `json:"latency"`
	ErrorRate          float64      `json:"errorRate"`
	RateLimitRate      float64      `json:"rateLimitRate"`
	RetryAfter         jsonDuration `json:"retryAfter"`
	DropRate           float64      `json:"dropRate"`
	CommitThenDropRate float64      `json:"commitThenDropRate"`
	Routes             []string     `json:"routes"`
	Seed               uint64       `json:"seed"`
}

// MarshalJSON writes the admin wire form.
func (f FaultConfig) MarshalJSON() ([]byte, error) {
	return json.Marshal(faultConfigJSON{jsonDuration(f.Latency), f.ErrorRate, f.RateLimitRate, jsonDuration(f.RetryAfter),
		f.DropRate, f.CommitThenDropRate, nonNil(f.Routes), f.Seed})
}

// UnmarshalJSON reads the admin wire form.
func (f *FaultConfig) UnmarshalJSON(b []byte) error {
	var j faultConfigJSON
	err := json.Unmarshal(b, &j)
	*f = FaultConfig{time.Duration(j.Latency), j.ErrorRate, j.RateLimitRate, time.Duration(j.RetryAfter),
		j.DropRate, j.CommitThenDropRate, j.Routes, j.Seed}
	return err
}

// jsonDuration is written as a string ("150ms") and read from one or from milliseconds.
type jsonDuration time.Duration

func (d jsonDuration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

func (d *jsonDuration) UnmarshalJSON(raw []byte) error {
	var s string
	var ms float64
	var err error
	if err = json.Unmarshal(raw, &s); err == nil {
		var v time.Duration
		v, err = time.ParseDuration(cmp.Or(s, "0"))
		*d = jsonDuration(v)
	} else if err = json.Unmarshal(raw, &ms); err == nil {
		*d = jsonDuration(ms * float64(time.Millisecond))
	}
	if err != nil {
		return &json.UnmarshalTypeError{Value: string(raw), Type: reflect.TypeFor[time.Duration]()}
	}
	return nil
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
	for _, r := range f.Routes {
		if !knownRoute(r) {
			return fmt.Errorf("emulator: faults: unknown route %q", r)
		}
	}
	return nil
}

// faultState is a FaultConfig with its generator, seeded when it is set, so
// that a run repeats.
type faultState struct {
	cfg FaultConfig
	rng *rand.Rand
}

func newFaultState(cfg FaultConfig) *faultState {
	return &faultState{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed))}
}

// faultSettings are a tenant's faults, scripted faults and held answers, or
// the global ones. A tenant without faults of its own follows the global ones.
type faultSettings struct {
	faults *faultState
	plan   []scriptEntry
	holds  map[string]time.Duration // route: how long its answers are held
}

// settingsLocked answers the tenant's, or for "" the global settings. e.mu must be held.
func (e *Emulator) settingsLocked(subscriptionKey string) (*faultSettings, error) {
	if subscriptionKey == "" {
		return &e.global, nil
	}
	if t := e.tenants[subscriptionKey]; t != nil {
		return &t.faultSettings, nil
	}
	return nil, fmt.Errorf("emulator: unknown tenant subscription key")
}

// scriptEntry queues count faults of one kind for a route ("" = any route),
// after skip matching requests that it lets through.
type scriptEntry struct {
	route       string
	kind        FaultKind
	skip, count int
}

// pickFault decides a request's fault: the tenant's script, the global one,
// then the tenant's random faults, or else the global ones.
func (e *Emulator) pickFault(t *tenantState, route string) (kind FaultKind, latency, retryAfter time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fs, plans := e.global.faults, []*[]scriptEntry{&e.global.plan}
	if t != nil {
		fs = cmp.Or(t.faults, fs)
		plans = append([]*[]scriptEntry{&t.plan}, plans...)
	}
	c := fs.cfg
	matches := len(c.Routes) == 0 || slices.Contains(c.Routes, route)
	if matches {
		latency = c.Latency
	}
	for _, plan := range plans {
		if k, ok := takeScripted(plan, route); ok {
			return k, latency, c.RetryAfter
		}
	}
	switch {
	case !matches:
	case c.DropRate > 0 && fs.rng.Float64() < c.DropRate:
		kind = FaultDrop
	case c.CommitThenDropRate > 0 && fs.rng.Float64() < c.CommitThenDropRate:
		kind = FaultCommitThenDrop
	case c.RateLimitRate > 0 && fs.rng.Float64() < c.RateLimitRate:
		kind = FaultRateLimit
	case c.ErrorRate > 0 && fs.rng.Float64() < c.ErrorRate:
		kind = serverErrorKinds[fs.rng.IntN(len(serverErrorKinds))]
	}
	return kind, latency, c.RetryAfter
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
			*plan = slices.Delete(*plan, i, i+1)
		}
		return k, true
	}
	return "", false
}

// strike answers an injected fault that strikes before the request is processed.
func strike(w http.ResponseWriter, kind FaultKind, retryAfter time.Duration) {
	switch kind {
	case FaultDrop:
		dropConnection(w)
	case FaultRateLimit:
		secs := int64(math.Ceil(retryAfter.Seconds()))
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		writeError(w, http.StatusTooManyRequests, "Rate limit is exceeded. Try again in %d seconds.", secs)
	default:
		code, _ := strconv.Atoi(string(kind))
		writeError(w, code, "injected fault: %s", http.StatusText(code))
	}
}

// dropConnection closes the connection unanswered (HTTP/2: aborts the stream).
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
	e.logError(e.setFaults(subscriptionKey, f))
}

func (e *Emulator) setFaults(subscriptionKey string, f FaultConfig) error {
	if err := f.validate(); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s, err := e.settingsLocked(subscriptionKey)
	if err == nil {
		s.faults = newFaultState(f)
	}
	return err
}

// ClearFaults removes a tenant's faults, scripts and holds (the global ones
// apply again), or with "" the global ones.
func (e *Emulator) ClearFaults(subscriptionKey string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if s, err := e.settingsLocked(subscriptionKey); err == nil {
		*s = faultSettings{}
	}
	e.global.faults = cmp.Or(e.global.faults, newFaultState(FaultConfig{}))
}

// Faults answers the fault config that applies to a tenant ("" = global).
func (e *Emulator) Faults(subscriptionKey string) FaultConfig {
	e.mu.Lock()
	defer e.mu.Unlock()
	if s, err := e.settingsLocked(subscriptionKey); err == nil && s.faults != nil {
		return s.faults.cfg
	}
	return e.global.faults.cfg
}

// ScriptFault makes the next count requests to route ("" = any service
// route) of the tenant ("" = any tenant, requests without a known key
// included) fail with kind. Scripted faults come before random ones.
func (e *Emulator) ScriptFault(subscriptionKey, route string, kind FaultKind, count int) {
	e.ScriptFaultAfter(subscriptionKey, route, kind, 0, count)
}

// ScriptFaultAfter is ScriptFault after the next skip requests to route,
// which it lets through: say, to strike an apply's third create.
func (e *Emulator) ScriptFaultAfter(subscriptionKey, route string, kind FaultKind, skip, count int) {
	e.logError(e.scriptFault(subscriptionKey, route, kind, skip, count))
}

func (e *Emulator) scriptFault(subscriptionKey, route string, kind FaultKind, skip, count int) error {
	switch {
	case !kind.valid():
		return fmt.Errorf("emulator: unknown fault kind %q", kind)
	case route != "" && !knownRoute(route):
		return fmt.Errorf("emulator: unknown route %q", route)
	case skip < 0:
		return fmt.Errorf("emulator: skip must not be negative")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s, err := e.settingsLocked(subscriptionKey)
	if err == nil && count > 0 {
		s.plan = append(s.plan, scriptEntry{route: route, kind: kind, skip: skip, count: count})
	}
	return err
}
