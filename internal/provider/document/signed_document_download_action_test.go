// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The example the CLI test runs, as users would.
const (
	actionExample     = "../../../examples/actions/esign_signed_document_download/action.tf"
	actionExampleBlob = "0f9e8d7c-6b5a-4c3d-2e1f-0a9b8c7d6e5f"
)

// TestAccSignedDocumentDownloadAction_example runs the example with the CLI, as terraform-plugin-testing
// cannot run `terraform apply -invoke`.
func TestAccSignedDocumentDownloadAction_example(t *testing.T) {
	terraformBin, pluginDir := acctest.ProviderCLI(t, 14, "actions")

	tenant := acctest.NewTenant(t)
	contract := signedDocumentBytes(3, 100<<10+1)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, actionExampleBlob, contract)
	example, err := os.ReadFile(actionExample)
	if err != nil {
		t.Fatal(err)
	}
	tf := acctest.NewTerraformDir(t, terraformBin, pluginDir, acctest.ProviderEnv(tenant)...)
	acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), acctest.RequiredProviders+string(example))
	signedDir, file := filepath.Join(tf.Dir, "signed"), filepath.Join(tf.Dir, "signed", "contract.pdf")
	if err := os.Mkdir(signedDir, 0o750); err != nil {
		t.Fatal(err)
	}
	check := func(when string, f acctest.Func) {
		t.Helper()
		if err := f(); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
	progress := fmt.Sprintf("%d bytes, sha256 %s", len(contract), sha256Hex(contract))

	tf.Run(0, "plan", "-out=tfplan", "-no-color")
	check("after the plan", expectEmptyFolder(signedDir))
	check("after the plan", acctest.ExpectRequests(tenant, emulator.RouteStorageDownload, 0))

	out := tf.Run(0, "apply", "-no-color", "tfplan")
	check("after the apply of the saved plan", expectFileContent(file, contract, 0o600))
	if !strings.Contains(out, progress) {
		t.Errorf("the apply does not report %q:\n%s", progress, out)
	}

	if err := os.Chmod(file, 0o644); err != nil { //nolint:gosec // G302: world-readable on purpose, a mode not to keep
		t.Fatal(err)
	}
	out = tf.Run(0, "apply", "-auto-approve", "-no-color", "-invoke=action.esign_signed_document_download.contract")
	check("after -invoke", expectFileContent(file, contract, 0o600))
	check("after -invoke", acctest.ExpectRequests(tenant, emulator.RouteStorageDownload, 2))
	if !strings.Contains(out, progress) {
		t.Errorf("-invoke does not report %q:\n%s", progress, out)
	}
}

// TestAccSignedDocumentDownloadAction runs the action from an
// action_trigger, in the apply of the step's saved plan.
func TestAccSignedDocumentDownloadAction(t *testing.T) {
	tenant := acctest.NewTenant(t)
	doc := signedDocumentBytes(4, 5000)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-ok", doc)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-again", doc)
	dir := t.TempDir()
	file := filepath.Join(dir, "doc.pdf")

	// Each blob replaces the terraform_data, whose creation runs the action.
	config := func(blob, outputPath, extra string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
action "esign_signed_document_download" "doc" {
  config {
    blob_connection_id = %q
    output_path        = %q
    %s
  }
}

resource "terraform_data" "doc" {
  triggers_replace = [%[1]q]
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.esign_signed_document_download.doc]
    }
  }
}
`, blob, outputPath, extra)
	}
	// Answers that are not a document fail the download as the data source's do (the same download, tested there).
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   acctest.RequiresActions,
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config("never-downloaded", file, `file_permission = "0o640"`),
				ExpectError: regexp.MustCompile(`file_permission\s+must\s+be\s+an\s+octal\s+file\s+mode`),
			},
			{
				Config:      config("never-downloaded", filepath.Join(dir, "no-such-folder", "doc.pdf"), ""),
				ExpectError: regexp.MustCompile(`(?s)Cannot write output_path.*does\s+not\s+exist`),
			},
			{
				// A 0644 placeholder at output_path: the file ends 0600, or file_permission; the temporary file goes.
				PreConfig:         func() { putPlaceholder(t, file) },
				Config:            config("blob-ok", file, ""),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{expectFileContent(file, placeholder, 0o644)}},
				ConfigStateChecks: []statecheck.StateCheck{expectFileContent(file, doc, 0o600)},
			},
			{
				PreConfig:         func() { putPlaceholder(t, file) },
				Config:            config("blob-again", file, `file_permission = "0640"`),
				ConfigStateChecks: []statecheck.StateCheck{expectFileContent(file, doc, 0o640)},
			},
		},
	})
}
