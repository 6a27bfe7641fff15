// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-emulator runs the local emulator of the electronic-signature service (package
// internal/emulator), so the provider, its acceptance tests and the demo work without the live service.
// `esign-emulator -h` lists its flags, each also read from ESIGN_EMULATOR_<FLAG>, and its admin routes.
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
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
	if len(os.Args) > 1 && os.Args[1] == "exec" {
		status, err := execCommand(os.Args[2:])
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "esign-emulator exec:", err)
		}
		os.Exit(status)
	}
	// Ctrl-C or SIGTERM is how the emulator is meant to stop: run shuts it down and the command exits 0. The
	// first signal drops the handler: a second Ctrl-C ends the process at once, should the shutdown hang.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "esign-emulator:", err)
		os.Exit(1)
	}
}

type config struct {
	emulator.Options
	listen, readyFile, hooks, faultRoutes, caFile string
	allowRemote, insecure, quiet                  bool
	tenant                                        emulator.Tenant
	userSet                                       map[string]bool // flags given by the user (flag or env)
	logger                                        *log.Logger
}

const usageHead = `esign-emulator serves the e-signature service's API on your machine, to try the provider
and to test configurations (terraform test) without an account. Every flag can also be set as
ESIGN_EMULATOR_<FLAG> (upper case, dashes as underscores: ESIGN_EMULATOR_STATE_FILE); the command line wins.

Usage: esign-emulator [flags]
       esign-emulator exec [flags] -- <command> [args]
  esign-emulator        # ESIGN_BASE_URL=http://127.0.0.1:8787 ESIGN_SUBSCRIPTION_KEY=dev-subscription-key ESIGN_ACCESS_TOKEN=dev-token
  esign-emulator -listen 127.0.0.1:0 -ready-file emulator.url -quiet &   # a free port, its base URL in emulator.url
  cp seed.json state.json && esign-emulator -state-file state.json       # from seed.json, changes kept in state.json
  esign-emulator -latency 200ms -error-rate 0.1 -fault-routes 'GET /hooks/v1/subscription'
  esign-emulator exec -- terraform test                                  # the emulator for as long as the command runs

exec starts the emulator on a free port (127.0.0.1:0 unless -listen is given) and runs the command with
ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN set to it and its default tenant. It passes
SIGINT (Ctrl-C) and SIGTERM on to the command, stops the emulator when the command ends and exits with the
command's status (128+N when signal N ended it; 1 when the command succeeded but the state file was not saved).
Its own failures exit 125 (the emulator did not start, the arguments are not the form above), 126 (the command
could not be started) and 127 (the command was not found).

Admin routes, under /_emulator/, without credentials (the guide "Testing your configuration" lists them all):
  curl -X POST $ESIGN_BASE_URL/_emulator/events/request-completed -d '{}'   # simulate a signing: the deliveries
  curl $ESIGN_BASE_URL/_emulator/subscriptions                              # what the service holds
  curl -X DELETE $ESIGN_BASE_URL/_emulator/subscriptions/<id>               # delete one out of band
  curl -X PUT $ESIGN_BASE_URL/_emulator/faults -d '{"latency": "200ms", "errorRate": 0.2}'
  curl -X DELETE $ESIGN_BASE_URL/_emulator/faults
  curl -X PUT $ESIGN_BASE_URL/_emulator/answer-forms -d '{"pageSize": 1, "nextLink": "@odata.nextLink"}'  # answer as a real service may
  curl -X DELETE $ESIGN_BASE_URL/_emulator/answer-forms                     # answer as always
    # answer-forms fields: pageSize, nextLink ("nextLink", "@odata.nextLink", "next" or "link": a Link header),
    # nextLinkOrigin, bareTotal, continuationToken, emptyLists, normaliseStored, deleteAnswersGone, deletedListedFor

Flags, each with an example:
`

func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (*config, error) {
	dev := emulator.DevTenant()
	c := &config{userSet: map[string]bool{}}
	fs := flag.NewFlagSet("esign-emulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		_, _ = fmt.Fprint(stderr, usageHead)
		fs.PrintDefaults()
	}
	fs.StringVar(&c.listen, "listen", "127.0.0.1:8787", "address to listen on; `127.0.0.1:0` picks a free port")
	fs.BoolVar(&c.allowRemote, "allow-remote", false, "allow a non-loopback -listen address (the emulator has no real security)")
	fs.StringVar(&c.tenant.SubscriptionKey, "subscription-key", dev.SubscriptionKey, "subscription key of the default tenant, such as `ci-key`")
	fs.StringVar(&c.tenant.AccessToken, "access-token", dev.AccessToken, "static bearer token of the default tenant, such as `ci-token`")
	fs.StringVar(&c.tenant.Username, "username", dev.Username, "login name of the default tenant, such as `ci`")
	fs.StringVar(&c.tenant.Password, "password", dev.Password, "login password of the default tenant, such as `ci-password`")
	fs.StringVar(&c.tenant.TenantID, "tenant-id", dev.TenantID,
		"tenant id of the default tenant, a GUID such as `00000000-0000-4000-8000-000000000002`")
	fs.StringVar(&c.hooks, "hooks", strings.Join(emulator.DefaultHooks, ","), "supported event types, comma-separated, such as "+
		"`signaturerequestcompleted,signatorysigned,signaturerequeststatusupdated` (known: "+strings.Join(emulator.KnownHooks, ", ")+")")
	fs.DurationVar(&c.Faults.Latency, "latency", 0, "latency added to every service request, such as `200ms`")
	fs.Float64Var(&c.Faults.ErrorRate, "error-rate", 0, "fraction of requests answered 500/502/503/504, such as `0.1`")
	fs.Float64Var(&c.Faults.RateLimitRate, "rate-limit-rate", 0, "fraction of requests answered 429, such as `0.05`")
	fs.DurationVar(&c.Faults.RetryAfter, "retry-after", time.Second, "Retry-After of injected 429s, such as `2s`")
	fs.Float64Var(&c.Faults.DropRate, "drop-rate", 0, "fraction of connections dropped before processing, such as `0.05`")
	fs.Float64Var(&c.Faults.CommitThenDropRate, "commit-drop-rate", 0, "fraction of requests processed, then dropped unanswered, such as `0.05`")
	fs.StringVar(&c.faultRoutes, "fault-routes", "", "comma-separated route names the faults apply to (default all), "+
		"such as `'POST /hooks/v1/subscription,GET /hooks/v1/subscription'`")
	fs.Uint64Var(&c.Faults.Seed, "seed", 1, "seed of the random faults, such as `42`")
	fs.Func("hold-answers", "routes that carry a request out at once and answer only after a pause (a slow gateway), "+
		"comma-separated route=duration, such as `'POST /hooks/v1/subscription=3s'`", func(value string) error {
		c.HeldAnswers = map[string]time.Duration{} // the emulator checks the route names
		for pair := range strings.SplitSeq(value, ",") {
			route, raw, _ := strings.Cut(pair, "=")
			if d, err := time.ParseDuration(strings.TrimSpace(raw)); err == nil && d >= 0 {
				c.HeldAnswers[strings.TrimSpace(route)] = d
			} else if strings.TrimSpace(pair) != "" {
				return fmt.Errorf("%q is not route=duration (a Go duration, such as 3s)", pair)
			}
		}
		return nil
	})
	fs.StringVar(&c.StateFile, "state-file", "", "JSON file the emulator starts from (a copy of a seed, or the file of an earlier run; "+
		"missing: empty) and keeps tenants, subscriptions, metadata and small documents in, such as `state.json`; written at start "+
		"(one that cannot be written stops the emulator) and before each write is answered (one that cannot be saved is answered 500)")
	fs.DurationVar(&c.TokenLifetime, "token-lifetime", 30*time.Minute, "lifetime of tokens issued by POST /identity/login, such as `5m`")
	fs.StringVar(&c.caFile, "delivery-ca-file", "", "PEM file of CAs trusted when delivering events to local receivers, such as `receiver.crt`")
	fs.BoolVar(&c.insecure, "delivery-insecure-skip-verify", false, "do not verify the TLS certificate of event receivers")
	fs.BoolVar(&c.AllowNonLoopbackDelivery, "allow-non-loopback-delivery", false, "deliver events to hosts other than loopback")
	fs.StringVar(&c.readyFile, "ready-file", "", "file that holds the base URL once the emulator serves (removed at start, "+
		"then written whole), such as `emulator.url`")
	fs.BoolVar(&c.quiet, "quiet", false, "do not log each request and event delivery (a failure to save -state-file is still printed)")

	// Environment first, so the command line wins.
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := "ESIGN_EMULATOR_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" {
			if serr := f.Value.Set(v); serr != nil && err == nil {
				err = fmt.Errorf("%s: %w", name, serr)
			}
			c.userSet[f.Name] = true
		}
	})
	if err == nil {
		err = fs.Parse(args)
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	fs.Visit(func(f *flag.Flag) { c.userSet[f.Name] = true })
	if c.faultRoutes != "" {
		for r := range strings.SplitSeq(c.faultRoutes, ",") {
			c.Faults.Routes = append(c.Faults.Routes, strings.TrimSpace(r))
		}
	}
	c.logger = log.New(stderr, "esign-emulator: ", log.LstdFlags)
	c.Tenants = []emulator.Tenant{c.tenant}
	c.Hooks = strings.Split(c.hooks, ",")
	c.Logf = c.logger.Printf
	c.ErrorLogf = c.logger.Printf
	if c.quiet {
		c.Logf = func(string, ...any) {} // not ErrorLogf: a state file that cannot be saved is always printed
	}
	return c, err
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := parseFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	e, base, err := start(c)
	if err != nil {
		return err
	}
	printBanner(stdout, base, c)
	<-ctx.Done()
	return stop(e, c, c.logger.Printf)
}

// stop shuts the emulator down and removes its ready file: its base URL leads nowhere any more.
func stop(e *emulator.Emulator, c *config, logf func(format string, args ...any)) error {
	err := shutdown(e, logf)
	if c.readyFile != "" {
		_ = os.Remove(c.readyFile)
	}
	return err
}

// start serves the emulator c describes and returns its base URL. It serves once Start returns: the socket
// listens, and what connects is answered. The -ready-file is removed before anything else, so that it never
// holds the URL of an earlier run, and written once the emulator serves.
func start(c *config) (*emulator.Emulator, string, error) {
	err := checkListen(c.listen, c.allowRemote)
	if err != nil {
		return nil, "", err
	}
	c.DeliveryClient, err = deliveryClient(c.caFile, c.insecure)
	if err != nil {
		return nil, "", err
	}
	if c.readyFile != "" {
		err = os.Remove(c.readyFile)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("-ready-file: %w", err)
		}
	}
	e, err := emulator.New(c.Options)
	if err != nil {
		return nil, "", err
	}
	base, err := e.Start(c.listen)
	if err != nil {
		return nil, "", err
	}
	if c.readyFile == "" {
		return e, base, nil
	}
	err = writeReadyFile(c.readyFile, base)
	if err != nil {
		_ = e.Close()
		return nil, "", err
	}
	return e, base, nil
}

// writeReadyFile writes the base URL to a temporary file in the same folder, then renames it: a script polling
// for the file never reads half a URL.
func writeReadyFile(path, base string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".esign-emulator-ready-*")
	if err != nil {
		return fmt.Errorf("-ready-file: %w", err)
	}
	_, err = tmp.WriteString(base + "\n")
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("-ready-file: %w", err)
	}
	return nil
}

// shutdownGrace is how long requests in flight get to finish (a variable for the test).
var shutdownGrace = 5 * time.Second

// shutdown lets the requests in flight finish for a while, then closes what is left (a held answer can take
// longer); either way the state file is saved, and only a failure to save it is an error.
func shutdown(e *emulator.Emulator, logf func(format string, args ...any)) error {
	logf("shutting down (press Ctrl-C again to stop at once)")
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := e.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	logf("requests still open after %s: closing them", shutdownGrace)
	if err := e.Close(); !errors.Is(err, net.ErrClosed) { // the listener is closed already, which Close reports again
		return err
	}
	return nil
}

// checkListen refuses non-loopback addresses unless asked: the emulator accepts well-known development
// credentials.
func checkListen(addr string, allowRemote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-listen %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); allowRemote || strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("-listen %q is not a loopback address; pass -allow-remote to listen on it anyway", addr)
}

func deliveryClient(caFile string, insecure bool) (*http.Client, error) {
	if caFile == "" && !insecure {
		return nil, nil // the emulator's default client
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: insecure} //nolint:gosec // opt-in flag for local receivers
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		pool, poolErr := x509.SystemCertPool()
		if poolErr != nil {
			pool = x509.NewCertPool()
		}
		if err == nil && !pool.AppendCertsFromPEM(pem) {
			err = errors.New("no PEM certificate found")
		}
		if err != nil {
			return nil, fmt.Errorf("-delivery-ca-file %s: %w", caFile, err)
		}
		transport.TLSClientConfig.RootCAs = pool
	}
	return &http.Client{Transport: transport, Timeout: 10 * time.Second}, nil
}

// printBanner tells how to point the provider at the emulator, in one write. Values the user passed in are
// not printed: they may be real secrets. The defaults are published development values.
func printBanner(w io.Writer, base string, c *config) {
	show := func(flagName, value string) string {
		if c.userSet[flagName] {
			return "<the value of -" + flagName + ">"
		}
		return value
	}
	state := ""
	if c.StateFile != "" {
		state = "State is kept in " + c.StateFile + "\n"
	}
	// A banner that cannot be printed is no reason to stop serving.
	_, _ = fmt.Fprintf(w, `esign emulator listening on %[1]s

Point the provider at it:
  export ESIGN_BASE_URL=%[1]s
  export ESIGN_SUBSCRIPTION_KEY=%[2]s
  export ESIGN_ACCESS_TOKEN=%[3]s
or, to log in instead of using a static token:
  export ESIGN_USERNAME=%[4]s ESIGN_PASSWORD=%[5]s ESIGN_TENANT_ID=%[6]s

Admin routes (no credentials): %[1]s/_emulator/healthz, /_emulator/tenants, /_emulator/events/signatory-signed, ...
  see: esign-emulator -h, and the provider's guide "Testing your configuration"
%[7]sStop with Ctrl-C.
`, base, show("subscription-key", c.tenant.SubscriptionKey), show("access-token", c.tenant.AccessToken),
		show("username", c.tenant.Username), show("password", c.tenant.Password), show("tenant-id", c.tenant.TenantID), state)
}
