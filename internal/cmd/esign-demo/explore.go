// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// exploring is what the demo leaves running with -keep (make demo KEEP=1):
// the emulator and the receiver, the work folder with the applied
// configuration, its state and the signed document, and an env.sh that
// points a shell at them. nextSteps tells the user what to try.
type exploring struct {
	work        string            // the kept work folder
	configDir   string            // the applied configuration and its state
	emulatorURL string            // base URL of the running emulator
	receiverURL string            // base URL of the running receiver
	ids         map[string]string // subscription_ids output of the apply
	hasQuery    bool              // the client has `terraform query`
	terraform   string            // how to call the demo's terraform: "terraform" when PATH finds it
}

// terraformCommand is how the commands should call the terraform the demo
// ran: by its name when PATH finds that one, else by its path.
func terraformCommand(bin string) string {
	onPath, err := exec.LookPath("terraform")
	if err != nil {
		return bin
	}
	a, errA := filepath.EvalSymlinks(onPath)
	b, errB := filepath.EvalSymlinks(bin)
	if errA != nil || errB != nil || a != b {
		return bin
	}
	return "terraform"
}

func (x exploring) envFile() string  { return filepath.Join(x.work, "env.sh") }
func (x exploring) document() string { return filepath.Join(x.work, signedDocumentName) }

// writeEnvFile writes the demo's own settings (TF_CLI_CONFIG_FILE with the
// dev_overrides, ESIGN_*, TF_VAR_*) as exports for `source`.
func writeEnvFile(path string, own []string) error {
	var b strings.Builder
	b.WriteString("# Written by the esign demo: `source` it to run terraform against the demo's emulator\n")
	b.WriteString("# with the provider built from the checkout (dev_overrides: no terraform init).\n")
	for _, kv := range own {
		name, value, _ := strings.Cut(kv, "=")
		fmt.Fprintf(&b, "export %s=%s\n", name, shellQuote(value))
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// nextSteps is the text printed when the demo stays up: where things are,
// and commands to try in another terminal, each tried by hand against the
// demo (its ids are this run's).
func (x exploring) nextSteps() string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	// tf writes a terraform command line, calling the demo's terraform.
	tf := func(format string, args ...any) { line("  %s %s", x.terraform, fmt.Sprintf(format, args...)) }
	line("  work folder      %s (the configuration and its state are in config/)", x.work)
	line("  signed document  %s", x.document())
	line("  emulator         %s (each request and delivery is logged below)", x.emulatorURL)
	line("  receiver         %s (each event it gets is printed below)", x.receiverURL)
	line("")
	line("Try, in another terminal:")
	line("")
	line("  cd %s && source %s", x.configDir, x.envFile())
	line("      # ESIGN_* for the emulator, TF_VAR_* for the demo's variables, and TF_CLI_CONFIG_FILE with")
	line("      # dev_overrides for the provider built here (so no terraform init: it would look for a release)")
	line("")
	line("  # Drift: change a metadata value and delete a subscription behind Terraform's back")
	line(`  curl -sS -X PUT "$ESIGN_BASE_URL/_emulator/metadata/SignatureRequest/%s/cost-center" -d '{"value": "CC-0000", "referenceId": "%s"}'`,
		demoSignatureRequestID, demoSignatureRequestID)
	line(`  curl -sS -X DELETE "$ESIGN_BASE_URL/_emulator/subscriptions/%s"`, x.ids["with_headers"])
	tf("plan            # value \"CC-0000\" -> \"CC-4711\", and with_headers will be created")
	tf("apply           # puts both back")
	line("")
	line("  # Import: forget a subscription, then adopt it again by its ID")
	tf(`state rm 'esign_webhook_subscription.per_event["signatorysigned"]'`)
	tf(`import 'esign_webhook_subscription.per_event["signatorysigned"]' signatorysigned/%s`, x.ids["signatorysigned"])
	tf("plan            # No changes")
	line("")
	line("  # Events: a signatory signs again; the receiver prints the event here")
	line(`  curl -sS -X POST "$ESIGN_BASE_URL/_emulator/events/signatory-signed" -d '{}'`)
	line(`  curl -sS "$ESIGN_BASE_URL/_emulator/deliveries"     # every delivery so far, as JSON`)
	line("")
	if x.hasQuery {
		line("  # List what the service holds (explore.tfquery.hcl); with -generate-config-out=generated.tf it")
		line("  # also writes a resource and an import block for each")
		tf("query")
	} else {
		line("  # terraform query (listing what the service holds, explore.tfquery.hcl) needs Terraform 1.14")
		line("  # or later: run the demo with one, e.g. make demo KEEP=1 TERRAFORM=<path to terraform 1.14+>")
	}
	line("")
	line("  # Done: remove everything the demo created")
	tf("destroy")
	line("")
	line("Every admin route of the emulator: docs/guides/local-development.md.")
	line("Stop the emulator and the receiver with Ctrl-C here; the work folder stays (rm -rf %s removes it).", x.work)
	return b.String()
}
