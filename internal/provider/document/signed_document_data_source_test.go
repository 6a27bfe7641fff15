// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// TestMain runs this package's tests with the emulator on 127.0.0.1.
func TestMain(m *testing.M) { acctest.Main(m) }

// signedDocumentBytes is a document of n pseudo-random bytes.
func signedDocumentBytes(seed byte, n int) []byte {
	var key [32]byte
	key[0] = seed
	b := make([]byte, n)
	_, _ = rand.NewChaCha8(key).Read(b)
	return b
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// expectFileContent checks the file output_path wrote: same bytes, the
// mode, and no temporary file left beside it.
func expectFileContent(file string, want []byte, mode fs.FileMode) acctest.Func {
	return func() error {
		got, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			return fmt.Errorf("%s: %d bytes with sha256 %s, want %d bytes with sha256 %s", file, len(got), sha256Hex(got), len(want), sha256Hex(want))
		}
		info, err := os.Stat(file)
		if err != nil {
			return err
		}
		if got := info.Mode().Perm(); got != mode {
			return fmt.Errorf("%s: mode %v, want %v", file, got, mode)
		}
		entries, err := os.ReadDir(filepath.Dir(file))
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Name() != filepath.Base(file) {
				return fmt.Errorf("unexpected file %q left beside %s", e.Name(), file)
			}
		}
		return nil
	}
}

// placeholder is what putPlaceholder writes: a file made under umask 022
// (touch, a restored CI cache), whose mode the document must not take.
var placeholder = []byte("stale")

func putPlaceholder(t *testing.T, file string) {
	t.Helper()
	if err := os.WriteFile(file, placeholder, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, 0o644); err != nil { //nolint:gosec // G302: world-readable on purpose
		t.Fatal(err)
	}
}

func TestAccSignedDocumentDataSource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	signed := signedDocumentBytes(1, 300<<10+7)
	small := signedDocumentBytes(2, 2048)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-signed", signed)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-small", small)
	// A synthetic 9 MiB document: streamed to the file, never held whole.
	const bigSize = 9<<20 + 3
	acctest.Emulator.PutSyntheticDocument(tenant.SubscriptionKey, "blob-big", bigSize)
	big, err := io.ReadAll(emulator.SyntheticDocument("blob-big", bigSize))
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	signedFile, bigFile := filepath.Join(dir, "signed", "contract.pdf"), filepath.Join(dir, "big", "big.bin")
	placeholderFile, permittedFile := filepath.Join(dir, "placeholder", "small.pdf"), filepath.Join(dir, "permitted", "small.pdf")
	for _, f := range []string{signedFile, bigFile, placeholderFile, permittedFile} {
		if err := os.Mkdir(filepath.Dir(f), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	// Older files at output_path are replaced; the mode is file_permission,
	// else 0600, never that of a 0644 placeholder (touch, a CI cache).
	if err := os.WriteFile(signedFile, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	putPlaceholder(t, placeholderFile)
	putPlaceholder(t, permittedFile)
	// What every read writes: a plan as an apply.
	var afterPlan []plancheck.PlanCheck
	var afterApply []statecheck.StateCheck
	for _, f := range []acctest.Func{
		expectFileContent(signedFile, signed, 0o600),
		expectFileContent(bigFile, big, 0o600),
		expectFileContent(placeholderFile, small, 0o600),
		expectFileContent(permittedFile, small, 0o640),
	} {
		afterPlan, afterApply = append(afterPlan, f), append(afterApply, f)
	}

	const ds = "data.esign_signed_document."
	config := acctest.ProviderConfig(tenant) + fmt.Sprintf(`
data "esign_signed_document" "to_file" {
  blob_connection_id = "blob-signed"
  output_path        = %q
}

data "esign_signed_document" "inline" {
  blob_connection_id = "blob-small"
  include_content    = true
}

data "esign_signed_document" "big" {
  blob_connection_id = "blob-big"
  output_path        = %q
}

data "esign_signed_document" "placeholder" {
  blob_connection_id = "blob-small"
  output_path        = %q
}

data "esign_signed_document" "permitted" {
  blob_connection_id = "blob-small"
  output_path        = %q
  file_permission    = "640"
}

data "esign_signed_document" "digest_only" {
  blob_connection_id = "blob-small"
}
`, signedFile, bigFile, placeholderFile, permittedFile)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, PlanOnly: true, ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: afterPlan}},
			{
				Config: config,
				ConfigStateChecks: append(afterApply,
					statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(signed))),
					statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("size"), knownvalue.Int64Exact(int64(len(signed)))),
					statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("content_base64"), knownvalue.Null()),

					statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(small))),
					statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("size"), knownvalue.Int64Exact(int64(len(small)))),
					statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("content_base64"), knownvalue.StringExact(base64.StdEncoding.EncodeToString(small))),
					// Signed documents may hold personal data.
					statecheck.ExpectSensitiveValue(ds+"inline", tfjsonpath.New("content_base64")),

					statecheck.ExpectKnownValue(ds+"big", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(big))),
					statecheck.ExpectKnownValue(ds+"big", tfjsonpath.New("size"), knownvalue.Int64Exact(bigSize)),

					statecheck.ExpectKnownValue(ds+"digest_only", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(small))),
					statecheck.ExpectKnownValue(ds+"digest_only", tfjsonpath.New("content_base64"), knownvalue.Null()),
				),
			},
		},
	})
}

func TestAccSignedDocumentDataSource_errors(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-ok", []byte("%PDF-1.7 signed"))
	// One byte over the include_content limit of 4 MiB.
	acctest.Emulator.PutSyntheticDocument(tenant.SubscriptionKey, "blob-too-big", 4<<20+1)
	missingFolder := filepath.Join(t.TempDir(), "no-such-folder", "out.pdf")
	outFolder := t.TempDir()

	config := func(body string) string {
		return acctest.ProviderConfig(tenant) + "data \"esign_signed_document\" \"doc\" {\n" + body + "\n}\n"
	}
	steps := notADocumentSteps(t, tenant, func(blob string) string {
		return config(fmt.Sprintf("blob_connection_id = %q\noutput_path = %q", blob, filepath.Join(outFolder, "out.pdf")))
	})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: append(steps, []resource.TestStep{
			{
				Config: config(fmt.Sprintf(`
  blob_connection_id = "blob-ok"
  output_path        = %q
  file_permission    = "0888"`, filepath.Join(outFolder, "out.pdf"))),
				ExpectError: regexp.MustCompile(`(?s)file_permission\s+must\s+be\s+an\s+octal\s+file\s+mode`),
			},
			{
				Config: config(`
  blob_connection_id = "blob-ok"
  file_permission    = "0600"`),
				ExpectError: regexp.MustCompile(`(?s)"output_path"\s+must\s+be\s+specified\s+when\s+"file_permission"`),
			},
			{
				// Nothing of the answers that were not a document, nor of
				// the refused file_permission, reached output_path.
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{expectEmptyFolder(outFolder)},
			},
			{
				Config:      config(`blob_connection_id = "no-such-blob"`),
				ExpectError: regexp.MustCompile(`(?s)Signed document not found.*blob_connection_id\s+"no-such-blob"`),
			},
			{
				Config: config(`
  blob_connection_id = "blob-too-big"
  include_content    = true`),
				ExpectError: regexp.MustCompile(`(?s)Document too large for include_content.*larger\s+than\s+4194304\s+bytes.*use\s+output_path`),
			},
			{
				// The folder is checked before anything is downloaded.
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config: config(fmt.Sprintf(`
  blob_connection_id = "blob-ok"
  output_path        = %q`, missingFolder)),
				ExpectError: regexp.MustCompile(`(?s)Cannot write output_path.*does\s+not\s+exist`),
			},
			{
				// A step that expects an error runs no checks.
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectRequests(tenant, emulator.RouteStorageDownload, 0)},
			},
		}...),
	})
}

// notADocumentSteps seeds answers that are not a document and returns a
// step for each, expecting the error config(blob) must end with.
func notADocumentSteps(t *testing.T, tenant emulator.Tenant, config func(blob string) string) []resource.TestStep {
	t.Helper()
	page := []byte("<!DOCTYPE html>\n<html><body>Sign in</body></html>\n")
	answers := []struct {
		blob, contentType, want string
		status                  int
		body                    []byte
	}{
		{"blob-204", "", `204\s+No\s+Content,\s+not\s+a\s+document`, http.StatusNoContent, nil},
		{"blob-empty", "application/octet-stream", `empty\s+body,\s+not\s+a\s+document`, http.StatusOK, nil},
		{"blob-html", "text/html; charset=utf-8", `an\s+HTML\s+page`, http.StatusOK, page},
		{"blob-html-as-binary", "application/octet-stream", `an\s+HTML\s+page`, http.StatusOK, page},
		{"blob-json", "application/json", `a\s+JSON\s+answer`, http.StatusOK, []byte(`{"error":"document not ready"}`)},
	}
	var steps []resource.TestStep
	for _, a := range answers {
		acctest.Emulator.PutDocumentAnswer(tenant.SubscriptionKey, a.blob, a.status, a.contentType, a.body)
		steps = append(steps, resource.TestStep{
			Config:      config(a.blob),
			ExpectError: regexp.MustCompile(`(?s)blob_connection_id\s+"` + a.blob + `".*` + a.want),
		})
	}
	return steps
}

// expectEmptyFolder checks that nothing, not even a temporary file, was left in dir.
func expectEmptyFolder(dir string) acctest.Func {
	return func() error {
		entries, err := os.ReadDir(dir)
		if err == nil && len(entries) > 0 {
			err = fmt.Errorf("%s holds %q, want nothing", dir, entries[0].Name())
		}
		return err
	}
}
