package webhook_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// Two root modules share one account, each owning the subscriptions under
// its own uri_prefix. Applied at once, with a subscription made by hand in
// each scope, each deletes only the one in its scope and never the other's
// subscriptions.
func TestAccSubscriptionsExclusive_disjointScopes(t *testing.T) {
	bin := acctest.TerraformCLI(t)
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	pluginDir := acctest.BuildProvider(t)
	prefix := map[string]string{
		"a": acctest.Receiver.URL(t.Name() + "/a/"),
		"b": acctest.Receiver.URL(t.Name() + "/b/"),
	}
	dirs := map[string]*acctest.TerraformDir{}
	for name, uriPrefix := range prefix {
		dirs[name] = acctest.NewTerraformDir(t, bin, pluginDir, acctest.ProviderEnv(tenant)...)
		acctest.WriteFile(t, filepath.Join(dirs[name].Dir, "main.tf"), acctest.RequiredProviders+fmt.Sprintf(`
resource "esign_webhook_subscription" "mine" {
  count      = 2
  event_type = "signatorysigned"
  uri        = "%[1]s${count.index}"
}

resource "esign_webhook_subscriptions_exclusive" "mine" {
  subscription_ids = esign_webhook_subscription.mine[*].id
  uri_prefix       = %[1]q
}
`, uriPrefix))
	}
	declared := []string{prefix["a"] + "0", prefix["a"] + "1", prefix["b"] + "0", prefix["b"] + "1"}
	applyBoth := func() {
		t.Helper()
		a, b := dirs["a"].Start("apply", "-auto-approve", "-no-color"), dirs["b"].Start("apply", "-auto-approve", "-no-color")
		for name, run := range map[string]*acctest.RunningTerraform{"a": a, "b": b} {
			if err := run.Err(); err != nil {
				t.Fatalf("apply of %s: %v\n%s", name, err, run.Output())
			}
		}
	}

	// Both start at once from nothing: each new exclusive resource lists
	// the other's subscriptions, out of its scope.
	applyBoth()
	if err := onService(key, declared...)(); err != nil {
		t.Fatal(err)
	}

	seedStray(t, key, "signatorysigned", prefix["a"]+"by-hand", "made by hand")
	seedStray(t, key, "signatorysigned", prefix["b"]+"by-hand", "made by hand")
	plan := dirs["a"].Run(0, "plan", "-no-color")
	for _, want := range []string{
		`Warning: 1 webhook subscription not managed by Terraform will be deleted`,
		`signatorysigned events to ` + regexp.QuoteMeta(prefix["a"]+"by-hand"),
	} {
		if !acctest.WrappedRegexp(want).MatchString(plan) {
			t.Errorf("the plan of a lacks %q:\n%s", want, plan)
		}
	}
	if regexp.MustCompile(regexp.QuoteMeta(prefix["b"])).MatchString(plan) {
		t.Errorf("the plan of a names b's subscriptions:\n%s", plan)
	}

	applyBoth()
	if err := onService(key, declared...)(); err != nil {
		t.Fatal(err)
	}
	for name, dir := range dirs {
		if out := dir.Run(0, "plan", "-no-color", "-detailed-exitcode"); !regexp.MustCompile(`No changes`).MatchString(out) {
			t.Errorf("the plan of %s after the apply is not empty:\n%s", name, out)
		}
	}
}
