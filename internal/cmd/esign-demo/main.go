// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-demo is `make demo`: it builds the provider, starts the emulator and an HTTPS webhook
// receiver on 127.0.0.1, plans and applies examples/demo with terraform through a CLI configuration of its own
// (~/.terraformrc is never read), simulates a signing, shows what the receiver got and an empty second plan.
// With -keep (make demo KEEP=1) it keeps its work folder and stays up until Ctrl-C, with commands to try.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Ids of the demo's signature request and its parts. The interface document leaves creating requests and
// uploading documents out, so the demo invents them; the emulator accepts metadata for any id.
const (
	demoSignatureRequestID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	demoSignatoryID        = "9a0c2b6e-2f1d-4c3a-8e5b-1d2c3b4a5f60"
	demoDocumentID         = "4b3a2c1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0"
	demoBlobConnectionID   = "blob-7c9e6679-contract"
	signedDocumentName     = "signed-contract.pdf" // in the work folder
)

// live switches on the emulator's log once the user explores (-keep): during the demo it would drown
// terraform's output.
var live atomic.Bool

func main() {
	terraform := flag.String("terraform", "terraform", "terraform binary (>= 1.5)")
	keep := flag.Bool("keep", false, "keep the work folder, and the emulator and the receiver running until Ctrl-C, to explore")
	flag.Parse()
	started := time.Now()
	if err := run(*terraform, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "\ndemo failed:", err)
		os.Exit(1)
	}
	fmt.Printf("\nDemo finished in %s.\n", time.Since(started).Round(100*time.Millisecond))
}

// run works in the repository's root, as make does.
func run(terraform string, keep bool) error {
	step("Building the provider")
	work, err := devprovider.NewWorkDir(context.Background(), ".", "esign-demo-", keep, os.Stdout)
	if err != nil {
		return err
	}
	defer work.Close()

	step("Starting a webhook receiver and the emulator on 127.0.0.1")
	receiver := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		fmt.Printf("\nthe receiver got an event:%s", describe(req, body)) // the emulator delivers one at a time
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()
	tenant := emulator.DevTenant()
	emu, err := emulator.New(emulator.Options{
		Tenants:        []emulator.Tenant{tenant},
		DeliveryClient: receiver.Client(), // trusts the receiver's self-signed certificate
		Logf: func(format string, args ...any) {
			if live.Load() {
				fmt.Printf("emulator: "+format+"\n", args...)
			}
		},
	})
	if err != nil {
		return err
	}
	emuURL, err := emu.Start("127.0.0.1:0")
	if err != nil {
		return err
	}
	defer func() { _ = emu.Close() }()
	emu.PutDocument(tenant.SubscriptionKey, demoBlobConnectionID, []byte("%PDF-1.7\n% esign demo: a signed contract\n%%EOF\n")) // a stand-in
	fmt.Println("emulator:", emuURL, " receiver:", receiver.URL)

	// A copy of the configuration, so that its state stays in the work folder.
	config := filepath.Join(work.Path, "config")
	if err := os.MkdirAll(config, 0o750); err != nil {
		return err
	}
	files, _ := filepath.Glob(filepath.Join("examples", "demo", "*.tf"))
	queries, _ := filepath.Glob(filepath.Join("examples", "demo", "*.tfquery.hcl"))
	for _, f := range append(files, queries...) {
		data, err := os.ReadFile(f)
		if err == nil {
			err = os.WriteFile(filepath.Join(config, filepath.Base(f)), data, 0o600)
		}
		if err != nil {
			return err
		}
	}
	cliConfig := filepath.Join(work.Path, "terraform.rc")
	if err := devprovider.WriteCLIConfig(cliConfig, work.PluginDir); err != nil {
		return err
	}
	// The demo's own settings, also written to env.sh for the user's commands.
	own := []string{"TF_CLI_CONFIG_FILE=" + cliConfig, "CHECKPOINT_DISABLE=1",
		"ESIGN_BASE_URL=" + emuURL, "ESIGN_SUBSCRIPTION_KEY=" + tenant.SubscriptionKey, "ESIGN_ACCESS_TOKEN=" + tenant.AccessToken,
		"TF_VAR_receiver_url=" + receiver.URL, "TF_VAR_signature_request_id=" + demoSignatureRequestID,
		"TF_VAR_signatory_id=" + demoSignatoryID, "TF_VAR_document_id=" + demoDocumentID,
		"TF_VAR_blob_connection_id=" + demoBlobConnectionID, "TF_VAR_download_path=" + filepath.Join(work.Path, signedDocumentName)}
	// The user's own esign and Terraform settings stay out.
	env := append([]string{"TF_IN_AUTOMATION=1"}, own...)
	for _, kv := range os.Environ() {
		if !slices.ContainsFunc([]string{"ESIGN_", "TF_VAR_", "TF_LOG", "TF_CLI_CONFIG_FILE="}, func(p string) bool { return strings.HasPrefix(kv, p) }) {
			env = append(env, kv)
		}
	}
	tf := func(title string, args ...string) error {
		step(title)
		cmd := exec.Command(terraform, args...)
		cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = config, env, os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("terraform %s: %w", strings.Join(args, " "), err)
		}
		return nil
	}

	// One plan, shown once: apply takes the saved plan and does not print it again. Terraform warns about
	// dev_overrides on every command: the later ones say it in a line (-compact-warnings).
	if err := tf("terraform plan -out=demo.tfplan", "plan", "-input=false", "-out=demo.tfplan"); err != nil {
		return err
	}
	if err := tf("terraform apply demo.tfplan", "apply", "-input=false", "-compact-warnings", "demo.tfplan"); err != nil {
		return err
	}

	step("Simulating a signing: a signatory signs, then the request completes")
	ev := emulator.Event{SignatureRequestID: demoSignatureRequestID, SignatoryID: demoSignatoryID}
	for _, fire := range []func(string, emulator.Event) ([]emulator.Delivery, error){emu.SimulateSignatorySigned, emu.SimulateRequestCompleted} {
		deliveries, err := fire(tenant.SubscriptionKey, ev)
		if err != nil {
			return err
		}
		for _, d := range deliveries {
			fmt.Printf("emulator delivered %-26s to %s: %s\n", d.EventType, d.URI, cmp.Or(d.Error, fmt.Sprint(d.StatusCode)))
		}
	}

	if err := tf("terraform plan again: no drift, nothing to do", "plan", "-input=false", "-compact-warnings", "-detailed-exitcode"); err != nil {
		return fmt.Errorf("the second plan was not empty: %w", err)
	}
	if !keep {
		fmt.Println("\nTo keep the emulator running and explore (drift, import, query, events): make demo KEEP=1")
		return nil
	}

	var b strings.Builder
	b.WriteString("# Written by the esign demo: `source` it to run terraform against its emulator, with the provider built here.\n")
	for _, kv := range own {
		name, value, _ := strings.Cut(kv, "=")
		fmt.Fprintf(&b, "export %s='%s'\n", name, strings.ReplaceAll(value, "'", `'\''`))
	}
	if err := os.WriteFile(filepath.Join(work.Path, "env.sh"), []byte(b.String()), 0o600); err != nil {
		return err
	}
	ids := map[string]string{} // by the last part of the subscription's URI
	for _, s := range emu.Subscriptions(tenant.SubscriptionKey) {
		ids[path.Base(s.URI)] = s.ID
	}
	stopped, release := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer release()
	step("Still running, to explore: the emulator and the receiver, until Ctrl-C here")
	if onPath, _ := exec.LookPath("terraform"); onPath == terraform {
		terraform = "terraform"
	}
	// Commands to try in another terminal, each tried by hand against the demo.
	fmt.Printf(nextSteps, work.Path, signedDocumentName, emuURL, receiver.URL, demoSignatureRequestID, ids["with-headers"],
		ids["signatorysigned"], terraform)
	live.Store(true)
	<-stopped.Done()
	live.Store(false)
	fmt.Printf("\nStopping the emulator and the receiver. The work folder stays: %s\n", work.Path)
	return nil
}

// describe shows a delivery: path, custom headers (secrets masked) and the payload.
func describe(req *http.Request, body []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n  POST %s\n", req.URL.Path)
	for _, name := range slices.Sorted(maps.Keys(req.Header)) {
		value, lower := req.Header.Get(name), strings.ToLower(name)
		if strings.Contains(lower, "secret") {
			value = fmt.Sprintf("****** (%d characters, as configured)", len(value))
		}
		if strings.HasPrefix(lower, "client-") || strings.HasPrefix(lower, "x-") {
			fmt.Fprintf(&b, "  %s: %s\n", name, value)
		}
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, body, "  ", "  ") == nil {
		fmt.Fprintf(&b, "  %s\n", pretty.String())
	}
	return b.String()
}

const nextSteps = `
  work folder      %[1]s (the configuration and its state are in config/)
  signed document  %[1]s/%[2]s
  emulator         %[3]s (each request and delivery is logged below)
  receiver         %[4]s (each event it gets is printed below)

Try, in another terminal:

  cd %[1]s/config && source %[1]s/env.sh
      # the emulator's ESIGN_*, the demo's TF_VAR_*, and dev_overrides for the provider built here (no init)

  # Drift: change a metadata value and delete a subscription behind Terraform's back
  curl -sS -X PUT "$ESIGN_BASE_URL/_emulator/metadata/SignatureRequest/%[5]s/cost-center" -d '{"value": "CC-0000", "referenceId": "%[5]s"}'
  curl -sS -X DELETE "$ESIGN_BASE_URL/_emulator/subscriptions/%[6]s"
  %[8]s plan            # value "CC-0000" -> "CC-4711", and with_headers will be created
  %[8]s apply           # puts both back

  # Import: forget a subscription, then adopt it again by its ID
  %[8]s state rm 'esign_webhook_subscription.per_event["signatorysigned"]'
  %[8]s import 'esign_webhook_subscription.per_event["signatorysigned"]' signatorysigned/%[7]s
  %[8]s plan            # No changes

  # Events: a signatory signs again; the receiver prints the event here
  curl -sS -X POST "$ESIGN_BASE_URL/_emulator/events/signatory-signed" -d '{}'
  curl -sS "$ESIGN_BASE_URL/_emulator/deliveries"     # every delivery so far, as JSON

  # List what the service holds (explore.tfquery.hcl; Terraform 1.14 or later); with
  # -generate-config-out=generated.tf it also writes a resource and an import block for each
  %[8]s query

  # Done: remove everything the demo created
  %[8]s destroy

Every admin route of the emulator: docs/guides/local-development.md.
Stop the emulator and the receiver with Ctrl-C here; the work folder stays (rm -rf %[1]s removes it).
`

func step(title string) {
	fmt.Printf("\n\033[1m==> %s\033[0m\n", title)
}
