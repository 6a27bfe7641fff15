package main

import (
	"context"
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
	env []string
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

	env := append(filteredEnv(),
		"TF_CLI_CONFIG_FILE="+cliConfig,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
		"ESIGN_BASE_URL="+svc.url,
		"ESIGN_SUBSCRIPTION_KEY="+svc.tenant.SubscriptionKey,
		"ESIGN_ACCESS_TOKEN="+svc.tenant.AccessToken,
		"TF_VAR_receiver_url="+r.URL(""),
		"TF_VAR_signature_request_id="+demoSignatureRequestID,
		"TF_VAR_signatory_id="+demoSignatoryID,
		"TF_VAR_document_id="+demoDocumentID,
		"TF_VAR_blob_connection_id="+demoBlobConnectionID,
		"TF_VAR_download_path="+filepath.Join(work, "signed-contract.pdf"),
	)
	return &terraformRunner{ctx: ctx, bin: bin, dir: dir, env: env}, nil
}

func (t *terraformRunner) run(args ...string) error {
	cmd := exec.CommandContext(t.ctx, t.bin, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = t.dir, t.env, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("terraform %s: %w", strings.Join(args, " "), err)
	}
	return nil
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
