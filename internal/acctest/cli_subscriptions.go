// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

// A root module of many subscriptions applied by the CLI while the emulator
// holds the answers of creates: what the tests of interrupted, killed and
// rival applies share.

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// subscriptionsConfig declares var.n subscriptions with var.uris distinct
// URIs: hook[i] sends to .../i mod uris, so hook[i] and hook[i+uris] are
// identical.
const subscriptionsConfig = CLIConfigHeader + `
# Everything else comes from ESIGN_* variables.
provider "esign" {}

variable "n" {
  type = number
}

variable "uris" {
  type = number
}

resource "esign_webhook_subscription" "hook" {
  count       = var.n
  event_type  = "SignatorySigned"
  uri         = "${var.uri}/${count.index % var.uris}"
  description = "applied by the CLI"
}
`

// SubscriptionsModule is a root module of subscriptions to the test's
// receiver, for a tenant, run by the CLI (TerraformDir).
type SubscriptionsModule struct {
	*TerraformDir
	Tenant emulator.Tenant
}

// NewSubscriptionsModule writes a module of n subscriptions with uris
// distinct URIs (n: all distinct); -var=n=... changes them for one run.
func NewSubscriptionsModule(t *testing.T, bin, pluginDir string, tenant emulator.Tenant, n, uris int) *SubscriptionsModule {
	t.Helper()
	tf := NewTerraformDir(t, bin, pluginDir, append(ProviderEnv(tenant), "TF_VAR_uri="+Receiver.URL(t.Name()),
		fmt.Sprintf("TF_VAR_n=%d", n), fmt.Sprintf("TF_VAR_uris=%d", uris))...)
	WriteFile(t, filepath.Join(tf.Dir, "main.tf"), subscriptionsConfig)
	return &SubscriptionsModule{TerraformDir: tf, Tenant: tenant}
}

// StartApplyInFlight starts an apply of n creates at a time while the
// service holds each create's answer for hold, and returns once n creates
// have been carried out: with hold long enough, none of them answered.
func (m *SubscriptionsModule) StartApplyInFlight(n int, hold time.Duration) *RunningTerraform {
	m.t.Helper()
	key := m.Tenant.SubscriptionKey
	Emulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, hold)
	apply := m.Start("apply", "-auto-approve", "-input=false", "-no-color", fmt.Sprintf("-parallelism=%d", n))
	if !WaitFor(time.Minute, func() bool { return Emulator.Counters(key)[emulator.RouteSubscriptionCreate] >= n }, apply.Exited) {
		apply.Stop()
		m.t.Fatalf("terraform ended before %d creates were sent:\n%s", n, apply.Output())
	}
	return apply
}

// Untracked lists, sorted, the tenant's subscriptions that the module's
// state does not track.
func (m *SubscriptionsModule) Untracked() []string {
	return MissingFrom(m.StateIDs("esign_webhook_subscription"), SubscriptionIDs(m.Tenant.SubscriptionKey))
}

// ExpectConverged checks that the service holds exactly n subscriptions, all
// of them tracked by the state, and that the next plan is empty.
func (m *SubscriptionsModule) ExpectConverged(n int) {
	m.t.Helper()
	onService, inState := SubscriptionIDs(m.Tenant.SubscriptionKey), m.StateIDs("esign_webhook_subscription")
	if len(onService) != n || !slices.Equal(onService, inState) {
		m.t.Errorf("the service holds %d subscriptions, want %d, and the state tracks %d (%d untracked)",
			len(onService), n, len(inState), len(MissingFrom(inState, onService)))
	}
	m.Run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
}

// SubscriptionIDs lists, sorted, the ids of the tenant's subscriptions.
func SubscriptionIDs(key string) []string {
	var ids []string
	for _, s := range Emulator.Subscriptions(key) {
		ids = append(ids, s.ID)
	}
	sort.Strings(ids)
	return ids
}

// MissingFrom answers the elements of want that have is missing.
func MissingFrom(have, want []string) []string {
	var missing []string
	for _, w := range want {
		if !slices.Contains(have, w) {
			missing = append(missing, w)
		}
	}
	return missing
}

// WaitFor polls cond every 20 ms until it holds (true), the timeout passes
// or giveUp holds (false); giveUp may be nil.
func WaitFor(timeout time.Duration, cond, giveUp func() bool) bool {
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
		if giveUp != nil && giveUp() {
			return cond()
		}
	}
	return false
}

// Check runs checks outside a test step, failing the test with each error.
func Check(t *testing.T, checks ...Func) {
	t.Helper()
	for _, c := range checks {
		if err := c(); err != nil {
			t.Error(err)
		}
	}
}
