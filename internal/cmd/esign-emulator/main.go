// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-emulator runs the local emulator of the electronic-signature
// service, so the provider, its acceptance tests and the README demo work
// without the live service:
//
//	go run ./internal/cmd/esign-emulator
//
// Every flag also reads ESIGN_EMULATOR_<FLAG> (upper case, dashes as
// underscores), e.g. ESIGN_EMULATOR_LISTEN=127.0.0.1:9000; a flag on the
// command line wins. The admin routes under /_emulator/ are documented in
// package internal/emulator.
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func main() {
	// Ctrl-C or SIGTERM is how the emulator is meant to stop: run shuts it
	// down and the command exits 0, so `make emulator` ends without an error.
	// Once the first signal has arrived, the handler is dropped: a second
	// Ctrl-C ends the process at once, should the shutdown hang.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "esign-emulator:", err)
		os.Exit(1)
	}
}

type config struct {
	listen, stateFile, readyFile, hooks, faultRoutes string
	caFile                                           string
	allowRemote, insecure, allowNonLoopback, quiet   bool
	tenant                                           emulator.Tenant
	faults                                           emulator.FaultConfig
	holds                                            heldAnswersFlag
	tokenLifetime                                    time.Duration
	userSet                                          map[string]bool // flags given by the user (flag or env)
}

func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (*config, error) {
	dev := emulator.DevTenant()
	c := &config{userSet: map[string]bool{}}
	fs := flag.NewFlagSet("esign-emulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { usage(fs) }
	fs.StringVar(&c.listen, "listen", "127.0.0.1:8787", "address to listen on; 127.0.0.1:0 picks a free port")
	fs.BoolVar(&c.allowRemote, "allow-remote", false, "allow a non-loopback -listen address (the emulator has no real security)")
	fs.StringVar(&c.tenant.SubscriptionKey, "subscription-key", dev.SubscriptionKey, "subscription key of the default tenant")
	fs.StringVar(&c.tenant.AccessToken, "access-token", dev.AccessToken, "static bearer token of the default tenant")
	fs.StringVar(&c.tenant.Username, "username", dev.Username, "login name of the default tenant")
	fs.StringVar(&c.tenant.Password, "password", dev.Password, "login password of the default tenant")
	fs.StringVar(&c.tenant.TenantID, "tenant-id", dev.TenantID, "tenant id (GUID) of the default tenant")
	fs.StringVar(&c.hooks, "hooks", strings.Join(emulator.DefaultHooks, ","), "supported event types, comma-separated (known: "+strings.Join(emulator.KnownHooks, ", ")+")")
	fs.DurationVar(&c.faults.Latency, "latency", 0, "latency added to every service request")
	fs.Float64Var(&c.faults.ErrorRate, "error-rate", 0, "fraction of requests answered 500/502/503/504")
	fs.Float64Var(&c.faults.RateLimitRate, "rate-limit-rate", 0, "fraction of requests answered 429")
	fs.DurationVar(&c.faults.RetryAfter, "retry-after", time.Second, "Retry-After of injected 429s")
	fs.Float64Var(&c.faults.DropRate, "drop-rate", 0, "fraction of connections dropped before processing")
	fs.Float64Var(&c.faults.CommitThenDropRate, "commit-drop-rate", 0, "fraction of requests processed, then dropped unanswered")
	fs.StringVar(&c.faultRoutes, "fault-routes", "", "comma-separated route names the faults apply to (default all), e.g. 'POST /hooks/v1/subscription'")
	fs.Uint64Var(&c.faults.Seed, "seed", 1, "seed of the random faults")
	fs.Var(&c.holds, "hold-answers", "routes that carry a request out at once and answer only after a pause, comma-separated route=duration, e.g. 'POST /hooks/v1/subscription=3s' (a slow gateway)")
	fs.StringVar(&c.stateFile, "state-file", "", "JSON file the emulator starts from (a copy of a seed, or the file of an earlier run; missing: empty) and keeps tenants, subscriptions, metadata and small documents in; written at start (one that cannot be written stops the emulator) and before each write is answered (one that cannot be saved is answered 500)")
	fs.DurationVar(&c.tokenLifetime, "token-lifetime", 30*time.Minute, "lifetime of tokens issued by POST /identity/login")
	fs.StringVar(&c.caFile, "delivery-ca-file", "", "PEM file of CAs trusted when delivering events to local receivers")
	fs.BoolVar(&c.insecure, "delivery-insecure-skip-verify", false, "do not verify the TLS certificate of event receivers")
	fs.BoolVar(&c.allowNonLoopback, "allow-non-loopback-delivery", false, "deliver events to hosts other than loopback")
	fs.StringVar(&c.readyFile, "ready-file", "", "write the base URL to this file once listening")
	fs.BoolVar(&c.quiet, "quiet", false, "do not log each request and event delivery (a failure to save -state-file is still printed)")

	// Environment first, so the command line wins.
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := "ESIGN_EMULATOR_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" {
			if err := f.Value.Set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s: %w", name, err)
			}
			c.userSet[f.Name] = true
		}
	})
	if envErr != nil {
		return nil, envErr
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	fs.Visit(func(f *flag.Flag) { c.userSet[f.Name] = true })
	if c.faultRoutes != "" {
		for _, r := range strings.Split(c.faultRoutes, ",") {
			c.faults.Routes = append(c.faults.Routes, strings.TrimSpace(r))
		}
	}
	return c, nil
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := parseFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	if err := checkListen(c.listen, c.allowRemote); err != nil {
		return err
	}
	client, err := deliveryClient(c.caFile, c.insecure)
	if err != nil {
		return err
	}
	logger := log.New(stderr, "esign-emulator: ", log.LstdFlags)
	logf := logger.Printf
	if c.quiet {
		logf = func(string, ...any) {}
	}
	e, err := emulator.New(emulator.Options{
		Tenants:                  []emulator.Tenant{c.tenant},
		Hooks:                    strings.Split(c.hooks, ","),
		Faults:                   c.faults,
		HeldAnswers:              c.holds,
		TokenLifetime:            c.tokenLifetime,
		StateFile:                c.stateFile,
		DeliveryClient:           client,
		AllowNonLoopbackDelivery: c.allowNonLoopback,
		Logf:                     logf,
		ErrorLogf:                logger.Printf, // never silenced by -quiet
	})
	if err != nil {
		return err
	}
	base, err := e.Start(c.listen)
	if err != nil {
		return err
	}
	printBanner(stdout, base, c)
	if c.readyFile != "" {
		if err := writeReadyFile(c.readyFile, base); err != nil {
			_ = e.Close()
			return err
		}
	}

	<-ctx.Done()
	return shutdown(e, logger)
}

// shutdown lets the requests in flight finish for a few seconds, then
// closes what is left (a held answer can take longer); either way the state
// file is saved, and only a failure to save it is an error.
func shutdown(e *emulator.Emulator, logger *log.Logger) error {
	logger.Printf("shutting down (press Ctrl-C again to stop at once)")
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := e.Shutdown(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	logger.Printf("requests still open after %s: closing them", shutdownGrace)
	// The listener is closed already, which Close reports again.
	if err := e.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// shutdownGrace is how long requests in flight get to finish (a variable
// for the test).
var shutdownGrace = 5 * time.Second

// checkListen refuses non-loopback addresses unless asked: the emulator
// accepts well-known development credentials.
func checkListen(addr string, allowRemote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-listen %q: %w", addr, err)
	}
	if allowRemote || strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("-listen %q is not a loopback address; pass -allow-remote to listen on it anyway", addr)
}

func deliveryClient(caFile string, insecure bool) (*http.Client, error) {
	if caFile == "" && !insecure {
		return nil, nil // the emulator's default client
	}
	cfg := &tls.Config{InsecureSkipVerify: insecure} //nolint:gosec // opt-in flag for local receivers
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("-delivery-ca-file: %w", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("-delivery-ca-file %s: no PEM certificate found", caFile)
		}
		cfg.RootCAs = pool
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = cfg
	return &http.Client{Transport: transport, Timeout: 10 * time.Second}, nil
}

// printBanner tells how to point the provider at the emulator. Values the
// user passed in are not printed: they may be real secrets. The defaults are
// published development values.
func printBanner(w io.Writer, base string, c *config) {
	show := func(flagName, value string) string {
		if c.userSet[flagName] {
			return "<the value of -" + flagName + ">"
		}
		return value
	}
	var b strings.Builder
	fmt.Fprintf(&b, "esign emulator listening on %s\n\n", base)
	fmt.Fprintf(&b, "Point the provider at it:\n")
	fmt.Fprintf(&b, "  export ESIGN_BASE_URL=%s\n", base)
	fmt.Fprintf(&b, "  export ESIGN_SUBSCRIPTION_KEY=%s\n", show("subscription-key", c.tenant.SubscriptionKey))
	fmt.Fprintf(&b, "  export ESIGN_ACCESS_TOKEN=%s\n", show("access-token", c.tenant.AccessToken))
	fmt.Fprintf(&b, "or, to log in instead of using a static token:\n")
	fmt.Fprintf(&b, "  export ESIGN_USERNAME=%s ESIGN_PASSWORD=%s ESIGN_TENANT_ID=%s\n",
		show("username", c.tenant.Username), show("password", c.tenant.Password), show("tenant-id", c.tenant.TenantID))
	fmt.Fprintf(&b, "\nAdmin routes (no credentials): %s/_emulator/healthz, /_emulator/tenants, /_emulator/events/signatory-signed, ...\n", base)
	fmt.Fprintf(&b, "  see: esign-emulator -h, and the provider's guide \"Testing your configuration\"\n")
	if c.stateFile != "" {
		fmt.Fprintf(&b, "State is kept in %s\n", c.stateFile)
	}
	fmt.Fprintf(&b, "Stop with Ctrl-C.\n")
	// A banner that cannot be printed is no reason to stop serving.
	_, _ = io.WriteString(w, b.String())
}

// writeReadyFile writes atomically, so a script polling for the file never
// reads half a URL.
func writeReadyFile(path, base string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".esign-emulator-ready-*")
	if err != nil {
		return fmt.Errorf("-ready-file: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.WriteString(base + "\n"); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("-ready-file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("-ready-file: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("-ready-file: %w", err)
	}
	return nil
}

// flagExamples gives each flag's example value in -h (a bool flag has none).
var flagExamples = map[string]string{
	"listen":           "127.0.0.1:0",
	"subscription-key": "ci-key",
	"access-token":     "ci-token",
	"username":         "ci",
	"password":         "ci-password",
	"tenant-id":        "00000000-0000-4000-8000-000000000002",
	"hooks":            "signaturerequestcompleted,signatorysigned,signaturerequeststatusupdated",
	"latency":          "200ms",
	"error-rate":       "0.1",
	"rate-limit-rate":  "0.05",
	"retry-after":      "2s",
	"drop-rate":        "0.05",
	"commit-drop-rate": "0.05",
	"fault-routes":     "'POST /hooks/v1/subscription,GET /hooks/v1/subscription'",
	"seed":             "42",
	"hold-answers":     "'POST /hooks/v1/subscription=3s'",
	"state-file":       "state.json",
	"token-lifetime":   "5m",
	"delivery-ca-file": "receiver.crt",
	"ready-file":       "emulator.url",
}

const usageHead = `esign-emulator serves the e-signature service's API on your machine, to try
the provider and to test configurations (terraform test) without an account.

Usage: esign-emulator [flags]

Every flag can also be set as ESIGN_EMULATOR_<FLAG> (upper case, dashes as
underscores, e.g. ESIGN_EMULATOR_STATE_FILE); the command line wins.

Examples:
  esign-emulator                     # http://127.0.0.1:8787, the dev credentials below
  esign-emulator -listen 127.0.0.1:0 -ready-file emulator.url -quiet &
                                     # a free port; its base URL is in emulator.url once it listens
  cp seed.json state.json && esign-emulator -state-file state.json
                                     # starts from what seed.json holds, keeps every change in state.json
  esign-emulator -latency 200ms -error-rate 0.1 -fault-routes 'GET /hooks/v1/subscription'

Point the provider at it:
  export ESIGN_BASE_URL=http://127.0.0.1:8787 ESIGN_SUBSCRIPTION_KEY=dev-subscription-key ESIGN_ACCESS_TOKEN=dev-token

Admin routes, under /_emulator/, without credentials:
  curl -X POST $ESIGN_BASE_URL/_emulator/events/request-completed -d '{}'   # simulate a signing: the deliveries
  curl $ESIGN_BASE_URL/_emulator/subscriptions                              # what the service holds
  curl -X DELETE $ESIGN_BASE_URL/_emulator/subscriptions/<id>               # delete one out of band
  curl -X PUT $ESIGN_BASE_URL/_emulator/faults -d '{"latency": "200ms", "errorRate": 0.2}'
  curl -X DELETE $ESIGN_BASE_URL/_emulator/faults
The provider's guide "Testing your configuration" lists them all.

Flags:
`

// usage prints what -h shows: the examples, then each flag with an example.
func usage(fs *flag.FlagSet) {
	var b strings.Builder
	b.WriteString(usageHead)
	fs.VisitAll(func(f *flag.Flag) {
		kind, help := flag.UnquoteUsage(f)
		example := flagExamples[f.Name]
		if example == "" && kind != "" {
			example = "<" + kind + ">"
		}
		fmt.Fprintf(&b, "  -%s\n      %s", strings.TrimSpace(f.Name+" "+example), help)
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" && f.DefValue != "0s" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	_, _ = io.WriteString(fs.Output(), b.String())
}
