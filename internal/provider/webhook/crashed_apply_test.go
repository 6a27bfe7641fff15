// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

// After a crash, the next plan tells. This test runs the real terraform CLI with the provider binary built
// from this repository.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// suggestedImport is the id line of the import block that a leftover warning suggests for leftover id: the
// event type spelt as the module configures it, so that the import shows no change of case.
func suggestedImport(id string) string {
	return `id = "SignatorySigned/` + id + `"`
}

func TestAccCrashedApplyLeftovers(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("finding the provider process that terraform started needs /proc")
	}
	// 10 of 20 creates are in flight when terraform dies: the service carries each out at once and never answers.
	const count, inFlight = 20, 10
	bin, pluginDir := acctest.ProviderCLI(t, 0, "")
	tenant := acctest.NewTenant(t)
	m := acctest.NewSubscriptionsModule(t, bin, pluginDir, tenant, count, count)
	t.Cleanup(func() {
		if stray := providerProcesses(pluginDir); len(stray) > 0 {
			t.Errorf("provider processes %v are still running", stray)
		}
	})
	killTerraformAndProvider(t, m.StartApplyInFlight(inFlight, 2*time.Minute), pluginDir)
	acctest.Emulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, 0)
	leftovers := m.Untracked()
	if len(leftovers) < inFlight {
		t.Fatalf("the service holds %d subscriptions that no state tracks, want at least %d", len(leftovers), inFlight)
	}
	t.Logf("terraform was killed with %d subscriptions created and none in the state", len(leftovers))

	// Terraform folds warnings that share a summary, so each names its leftover in its summary.
	plan := strings.Join(strings.Fields(m.Run(0, "plan", "-input=false", "-no-color")), " ")
	for _, id := range leftovers {
		if want := "Warning: An identical webhook subscription already exists: " + id + " (signatorysigned)"; strings.Count(plan, want) != 1 {
			t.Errorf("the plan does not show %q once:\n%s", want, plan)
		}
		if want := suggestedImport(id); !strings.Contains(plan, want) {
			t.Errorf("the plan does not suggest %s, the import id in the configuration's spelling:\n%s", want, plan)
		}
	}
	if strings.Contains(plan, "more similar warning") {
		t.Errorf("terraform folds the leftover warnings:\n%s", plan)
	}
	// The next plan warns about each leftover, at the resource that would
	// duplicate it, and with one list request for all twenty plans.
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	expectLeftoverWarnings(t, m, leftovers)
	acctest.Check(t, acctest.ExpectRequests(tenant, emulator.RouteSubscriptionList, 1),
		acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, 0))

	// The import blocks the warnings print adopt them, and the apply
	// converges: exactly the declared subscriptions, all in the state.
	var imports strings.Builder
	for _, sub := range acctest.Emulator.Subscriptions(tenant.SubscriptionKey) {
		if slices.Contains(leftovers, sub.ID) {
			index := strings.TrimPrefix(sub.URI, acctest.Receiver.URL(t.Name())+"/")
			fmt.Fprintf(&imports, "import {\n  to = esign_webhook_subscription.hook[%s]\n  %s\n}\n", index, suggestedImport(sub.ID))
		}
	}
	acctest.WriteFile(t, filepath.Join(m.Dir, "imports.tf"), imports.String())
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	applied := m.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")
	if !strings.Contains(applied, " 0 changed,") {
		t.Errorf("the apply of the suggested imports changed what it imported (a change of case?):\n%s", applied)
	}
	acctest.Check(t, acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, count-len(leftovers)))
	m.ExpectConverged(count)

	// A refreshing plan that also creates reads the list once, for the
	// refresh and the look for leftovers alike.
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	out := m.Run(2, "plan", "-detailed-exitcode", "-input=false", "-no-color", fmt.Sprintf("-var=n=%d", count+1), fmt.Sprintf("-var=uris=%d", count+1))
	if strings.Count(out, "Warning: ") != 1 { // dev_overrides
		t.Errorf("the plan of a new subscription with nothing identical warns:\n%s", out)
	}
	acctest.Check(t, acctest.ExpectRequests(tenant, emulator.RouteSubscriptionList, 1))
}

// killTerraformAndProvider kills a running terraform and the provider processes it started from pluginDir
// (SIGKILL, as a crash would), and waits until all of them are gone.
func killTerraformAndProvider(t *testing.T, apply *acctest.RunningTerraform, pluginDir string) {
	t.Helper()
	providers := providerProcesses(pluginDir)
	if len(providers) == 0 {
		apply.Stop()
		t.Fatal("terraform runs no provider process")
	}
	if err := apply.Signal(os.Kill); err != nil {
		t.Fatalf("killing terraform: %v", err)
	}
	for _, pid := range providers {
		if p, err := os.FindProcess(pid); err == nil {
			_ = p.Kill() // it may have died with terraform
		}
	}
	if !acctest.WaitFor(30*time.Second, func() bool { return apply.Exited() && len(providerProcesses(pluginDir)) == 0 }, nil) {
		t.Fatalf("terraform (exited: %t) or provider processes %v outlived SIGKILL", apply.Exited(), providerProcesses(pluginDir))
	}
}

// providerProcesses answers the live processes (not zombies) that run a
// binary from pluginDir: the provider processes of this test's terraform.
func providerProcesses(pluginDir string) []int {
	exes, _ := filepath.Glob("/proc/[0-9]*/exe")
	var pids []int
	for _, exe := range exes {
		if target, err := os.Readlink(exe); err != nil || filepath.Dir(target) != pluginDir {
			continue // gone, not ours, or a zombie (no exe)
		}
		proc := filepath.Dir(exe)
		if stat, err := os.ReadFile(filepath.Join(proc, "stat")); err == nil {
			if fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])); len(fields) > 0 && fields[0] == "Z" {
				continue
			}
		}
		pid, _ := strconv.Atoi(filepath.Base(proc))
		pids = append(pids, pid)
	}
	return pids
}

// expectLeftoverWarnings runs terraform plan -json and checks that its warnings, but for dev_overrides', are one
// per leftover, each at the resource whose uri the leftover has, naming it in its summary and detail and saying
// that the apply creates another one.
func expectLeftoverWarnings(t *testing.T, m *acctest.SubscriptionsModule, leftovers []string) {
	t.Helper()
	byID := map[string]emulator.Subscription{}
	for _, s := range acctest.Emulator.Subscriptions(m.Tenant.SubscriptionKey) {
		byID[s.ID] = s
	}
	named := map[string]int{}
	lines := bufio.NewScanner(strings.NewReader(m.Run(0, "plan", "-json", "-input=false")))
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	for lines.Scan() {
		var msg struct {
			Type       string
			Diagnostic struct{ Severity, Summary, Detail, Address string } // JSON fields match without case
		}
		w := &msg.Diagnostic
		if json.Unmarshal(lines.Bytes(), &msg) != nil || msg.Type != "diagnostic" || w.Severity != "warning" ||
			w.Summary == "Provider development overrides are in effect" {
			continue
		}
		id, _ := strings.CutSuffix(strings.TrimPrefix(w.Summary, "An identical webhook subscription already exists: "), " (signatorysigned)")
		// Terraform 1.5 has no address in its JSON diagnostics.
		at := "esign_webhook_subscription.hook[" + strings.TrimPrefix(byID[id].URI, acctest.Receiver.URL(t.Name())+"/") + "]"
		if !slices.Contains(leftovers, id) || (w.Address != "" && w.Address != at) || !strings.Contains(w.Detail,
			"subscription "+id+" with the same event type") || !strings.Contains(w.Detail, "The apply creates another one beside it") {
			t.Errorf("a warning that does not name a leftover, at %s, saying that the apply creates another one: %+v", at, *w)
		}
		named[id]++
	}
	for _, id := range leftovers {
		if named[id] != 1 {
			t.Errorf("leftover %s is named by %d warnings, want 1", id, named[id])
		}
	}
}
