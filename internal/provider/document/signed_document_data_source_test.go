package document_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/document"
)

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

// expectFileContent checks the file output_path wrote: same bytes, mode
// 0644, and no temporary file left beside it.
func expectFileContent(file string, want []byte) acctest.Func {
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
		if mode := info.Mode().Perm(); mode != document.OutputFileMode {
			return fmt.Errorf("%s: mode %v, want %v", file, mode, document.OutputFileMode)
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
	for _, f := range []string{signedFile, bigFile} {
		if err := os.Mkdir(filepath.Dir(f), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	// An older file at output_path is replaced.
	if err := os.WriteFile(signedFile, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}

	const ds = "data.esign_signed_document."
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + fmt.Sprintf(`
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

data "esign_signed_document" "digest_only" {
  blob_connection_id = "blob-small"
}
`, signedFile, bigFile),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(signed))),
				statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("size"), knownvalue.Int64Exact(int64(len(signed)))),
				statecheck.ExpectKnownValue(ds+"to_file", tfjsonpath.New("content_base64"), knownvalue.Null()),
				expectFileContent(signedFile, signed),

				statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(small))),
				statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("size"), knownvalue.Int64Exact(int64(len(small)))),
				statecheck.ExpectKnownValue(ds+"inline", tfjsonpath.New("content_base64"), knownvalue.StringExact(base64.StdEncoding.EncodeToString(small))),
				// Signed documents may hold personal data.
				statecheck.ExpectSensitiveValue(ds+"inline", tfjsonpath.New("content_base64")),

				statecheck.ExpectKnownValue(ds+"big", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(big))),
				statecheck.ExpectKnownValue(ds+"big", tfjsonpath.New("size"), knownvalue.Int64Exact(bigSize)),
				expectFileContent(bigFile, big),

				statecheck.ExpectKnownValue(ds+"digest_only", tfjsonpath.New("sha256"), knownvalue.StringExact(sha256Hex(small))),
				statecheck.ExpectKnownValue(ds+"digest_only", tfjsonpath.New("content_base64"), knownvalue.Null()),
			},
		}},
	})
}

func TestAccSignedDocumentDataSource_errors(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.PutDocument(tenant.SubscriptionKey, "blob-ok", []byte("%PDF-1.7 signed"))
	// One byte over the include_content limit.
	acctest.Emulator.PutSyntheticDocument(tenant.SubscriptionKey, "blob-too-big", document.MaxInlineContent+1)
	missingFolder := filepath.Join(t.TempDir(), "no-such-folder", "out.pdf")

	config := func(body string) string {
		return acctest.ProviderConfig(tenant) + "data \"esign_signed_document\" \"doc\" {\n" + body + "\n}\n"
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
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
				// A step that expects an error runs no checks: this one
				// reads nothing and checks that the previous one did not
				// download the document.
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectRequests(tenant, emulator.RouteStorageDownload, 0)},
			},
			{
				Config: config(`
  blob_connection_id = "blob-ok"
  include_content    = true`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.esign_signed_document.doc", tfjsonpath.New("content_base64"),
						knownvalue.StringExact(base64.StdEncoding.EncodeToString([]byte("%PDF-1.7 signed")))),
				},
			},
		},
	})
}
