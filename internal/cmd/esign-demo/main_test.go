// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// The demo as `make demo KEEP=1` runs it, with the terraform the acceptance tests use.
func TestDemoKeepsSomethingToExplore(t *testing.T) {
	tf := devprovider.TerraformCLI(t)
	bin := filepath.Join(t.TempDir(), "esign-demo")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-terraform", tf, "-keep")
	cmd.Dir = "../../.."
	stdout, err := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })

	// The output, colours taken out, up to the last line of the explore text; whatever follows is drained. A
	// first build of the provider on a busy 2-core machine takes minutes: go test's -timeout bounds the wait.
	const last = "Stop the emulator and the receiver with Ctrl-C here"
	var b strings.Builder
	for scanner := bufio.NewScanner(stdout); scanner.Scan(); {
		line := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(scanner.Text(), "")
		if b.WriteString(line + "\n"); strings.HasPrefix(line, last) {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	shown := b.String()
	work := regexp.MustCompile(`(?m)^  work folder +(\S+)`).FindStringSubmatch(shown)
	base := regexp.MustCompile(`(?m)^  emulator +(\S+)`).FindStringSubmatch(shown)
	if !strings.Contains(shown, "\n"+last) || work == nil || base == nil {
		_ = cmd.Wait()
		t.Fatalf("the demo ended before it was up for exploring:\n%s\nstderr:\n%s", shown, stderr.String())
	}
	t.Cleanup(func() { _ = os.RemoveAll(work[1]) })
	if n := strings.Count(shown, "esign_metadata_entry.document_class will be created"); n != 1 {
		t.Errorf("the plan is shown %d times, want once:\n%s", n, shown)
	}
	if _, err := os.Stat(filepath.Join(work[1], signedDocumentName)); err != nil {
		t.Errorf("the signed document is not kept: %v", err)
	}

	// The printed commands work: a value changed behind terraform's back shows in a plan run with env.sh alone.
	req, _ := http.NewRequest(http.MethodPut, base[1]+"/_emulator/metadata/SignatureRequest/"+demoSignatureRequestID+"/cost-center",
		strings.NewReader(`{"value": "CC-0000", "referenceId": "`+demoSignatureRequestID+`"}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.Body.Close() != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("out-of-band change: %v %v", err, resp)
	}
	plan := exec.Command("bash", "-c", `source ../env.sh && "$TF" plan -no-color -detailed-exitcode`)
	plan.Dir, plan.Env = filepath.Join(work[1], "config"), append(os.Environ(), "TF="+tf)
	planOut, err := plan.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(planOut), `"CC-0000" -> "CC-4711"`) {
		t.Errorf("plan after an out-of-band change (want exit 2 and the change): %v\n%s", err, planOut)
	}

	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after Ctrl-C the demo ended with %v, want exit status 0; stderr:\n%s", err, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(work[1], "env.sh")); err != nil {
		t.Errorf("the work folder is not kept: %v", err)
	}
}
