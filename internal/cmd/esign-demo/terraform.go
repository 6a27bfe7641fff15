// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// terraformRunner runs terraform in a copy of the demo configuration with a
// CLI configuration of its own, so nothing touches the user's setup.
type terraformRunner struct {
	ctx context.Context
	bin string
	dir string
	env []string // the whole environment of its commands
	own []string // the demo's own part of env
	ran bool     // a command has run: the dev_overrides warning was shown
}

func newTerraform(ctx context.Context, bin, work, pluginDir, exampleDir string, svc *demoService, r *receiver) (*terraformRunner, error) {
	dir := filepath.Join(work, "config")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(exampleDir, "*.tf"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no demo configuration in %s", exampleDir)
	}
	// The query file is for exploring afterwards (terraform query, 1.14 and
	// later); older clients do not read *.tfquery.hcl files.
	queries, _ := filepath.Glob(filepath.Join(exampleDir, "*.tfquery.hcl"))
	files = append(files, queries...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o600); err != nil {
			return nil, err
		}
	}

	cliConfig := filepath.Join(work, "terraform.rc")
	if err := devprovider.WriteCLIConfig(cliConfig, pluginDir); err != nil {
		return nil, err
	}

	// The demo's own settings, which explore.go writes to env.sh for the
	// user's commands afterwards.
	own := []string{
		"TF_CLI_CONFIG_FILE=" + cliConfig,
		"CHECKPOINT_DISABLE=1",
		"ESIGN_BASE_URL=" + svc.url,
		"ESIGN_SUBSCRIPTION_KEY=" + svc.tenant.SubscriptionKey,
		"ESIGN_ACCESS_TOKEN=" + svc.tenant.AccessToken,
		"TF_VAR_receiver_url=" + r.URL(""),
		"TF_VAR_signature_request_id=" + demoSignatureRequestID,
		"TF_VAR_signatory_id=" + demoSignatoryID,
		"TF_VAR_document_id=" + demoDocumentID,
		"TF_VAR_blob_connection_id=" + demoBlobConnectionID,
		"TF_VAR_download_path=" + filepath.Join(work, signedDocumentName),
	}
	env := append(append(filteredEnv(), own...), "TF_IN_AUTOMATION=1")
	return &terraformRunner{ctx: ctx, bin: bin, dir: dir, env: env, own: own}, nil
}

// signedDocumentName is the file, in the work folder, that the demo's
// esign_signed_document writes.
const signedDocumentName = "signed-contract.pdf"

// run runs one terraform command with its output on the demo's. Terraform
// warns about dev_overrides on every command: the first shows the warning,
// with a word on why, the later ones drop it (overridesFilter).
func (t *terraformRunner) run(args ...string) error {
	cmd := exec.CommandContext(t.ctx, t.bin, args...)
	cmd.Dir, cmd.Env, cmd.Stderr = t.dir, t.env, os.Stderr
	filter := &overridesFilter{out: os.Stdout}
	if t.ran {
		cmd.Stdout = filter
	} else {
		fmt.Println("(Terraform warns once that dev_overrides are in effect: the demo runs the provider just built.)")
		cmd.Stdout = os.Stdout
	}
	t.ran = true
	err := cmd.Run()
	_ = filter.Flush()
	if err != nil {
		return fmt.Errorf("terraform %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// subscriptionIDs reads the subscription_ids output of the applied demo.
func (t *terraformRunner) subscriptionIDs() (map[string]string, error) {
	cmd := exec.CommandContext(t.ctx, t.bin, "output", "-json", "subscription_ids")
	cmd.Dir, cmd.Env = t.dir, t.env
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("terraform output -json subscription_ids: %w", err)
	}
	var ids map[string]string
	if err := json.Unmarshal(out, &ids); err != nil {
		return nil, fmt.Errorf("terraform output -json subscription_ids: %w", err)
	}
	return ids, nil
}

// hasQuery tells whether the client has `terraform query` (Terraform 1.14
// and later): only then does `query -help` succeed.
func (t *terraformRunner) hasQuery() bool {
	cmd := exec.CommandContext(t.ctx, t.bin, "query", "-help")
	cmd.Env = t.env
	return cmd.Run() == nil
}

// filteredEnv drops the user's own esign and Terraform CLI settings so the
// demo always talks to its emulator with its own CLI configuration.
func filteredEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "ESIGN_") || strings.HasPrefix(kv, "TF_CLI_CONFIG_FILE=") ||
			strings.HasPrefix(kv, "TF_VAR_") || strings.HasPrefix(kv, "TF_LOG") {
			continue
		}
		out = append(out, kv)
	}
	return out
}
