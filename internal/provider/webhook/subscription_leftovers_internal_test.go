package webhook

import (
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// leftoverFixture is a client that makes no request, and a list with one
// subscription identical to claim (event type in another case) and one
// that differs in its description.
func leftoverFixture(t *testing.T) (*client.Client, *client.SubscriptionSet, planClaim) {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: "http://127.0.0.1:1", SubscriptionKey: "k", AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	const uri = "https://hooks.example.com/a"
	set := client.NewSubscriptionSet([]client.Subscription{
		{ID: "AAAA", EventType: "signatorysigned", URI: uri, Description: "d"},
		{ID: "BBBB", EventType: "signatorysigned", URI: uri, Description: "other"},
	})
	return c, set, planClaim{eventType: "SignatorySigned", uri: uri, description: "d"}
}

// Terraform plans a create and refreshes the resource that tracks an
// identical subscription in either order. Whichever comes second sees the
// first: a create planned first names the subscription, and the tracking
// resource's plan then corrects that (a warning) or, when the create was to
// adopt it, fails; a tracking resource planned first keeps the create from
// naming it at all.
func TestLeftoversInEitherOrder(t *testing.T) {
	for _, adopt := range []bool{false, true} {
		t.Run("create first", func(t *testing.T) {
			c, set, claim := leftoverFixture(t)
			plans := &subscriptionPlans{}
			found := plans.lookForLeftovers(c, set, claim, adopt)
			if len(found.named) != 1 || found.named[0].ID != "AAAA" || len(found.tracked) != 0 {
				t.Fatalf("the create found %+v, want AAAA named", found)
			}
			if adopt != (found.adopted == "AAAA") {
				t.Errorf("adopted %q with adopt=%t", found.adopted, adopt)
			}
			note, named := plans.trackPrior(c, "aaaa") // ids compare in any case
			if !named {
				t.Fatal("the tracking resource's plan does not learn that a create named its subscription")
			}
			var diags diag.Diagnostics
			checkNamedBefore(&diags, "aaaa", note)
			if adopt != diags.HasError() || len(diags) != 1 {
				t.Errorf("adopt=%t: %v", adopt, diags)
			}
		})
		t.Run("tracking resource first", func(t *testing.T) {
			c, set, claim := leftoverFixture(t)
			plans := &subscriptionPlans{}
			if _, named := plans.trackPrior(c, "AAAA"); named {
				t.Fatal("nothing named it yet")
			}
			found := plans.lookForLeftovers(c, set, claim, adopt)
			if len(found.named) != 0 || found.adopted != "" || len(found.tracked) != 1 || found.tracked[0].ID != "AAAA" {
				t.Fatalf("the create found %+v, want AAAA tracked and nothing named", found)
			}
		})
	}
}

// With the opt-in, each leftover is promised to one planned create: a
// second identical create neither adopts it nor warns about it; without it,
// both warn.
func TestLeftoverReservedOnce(t *testing.T) {
	c, set, claim := leftoverFixture(t)
	plans := &subscriptionPlans{}
	first := plans.lookForLeftovers(c, set, claim, true)
	second := plans.lookForLeftovers(c, set, claim, true)
	if first.adopted != "AAAA" || second.adopted != "" || len(second.named) != 0 {
		t.Errorf("first %+v, second %+v: want AAAA adopted by the first only", first, second)
	}

	c, set, claim = leftoverFixture(t)
	plans = &subscriptionPlans{}
	for range 2 {
		if found := plans.lookForLeftovers(c, set, claim, false); len(found.named) != 1 || found.adopted != "" {
			t.Errorf("without the opt-in: %+v, want AAAA named", found)
		}
	}
}

// Concurrent plans: a create and the refresh of the resource that tracks
// the subscription never both miss each other.
func TestLeftoversNeverMissEachOther(t *testing.T) {
	for range 500 {
		c, set, claim := leftoverFixture(t)
		plans := &subscriptionPlans{}
		var found leftovers
		var named bool
		var wg sync.WaitGroup
		wg.Go(func() { found = plans.lookForLeftovers(c, set, claim, true) })
		wg.Go(func() { _, named = plans.trackPrior(c, "AAAA") })
		wg.Wait()
		if !named && len(found.tracked) == 0 {
			t.Fatalf("neither saw the other: %+v", found)
		}
	}
}

// The warnings say what the apply does, and give the import block.
func TestLeftoverWarningSaysWhatTheApplyDoes(t *testing.T) {
	s := client.Subscription{ID: "AAAA", EventType: "signatorysigned"}
	for _, tc := range []struct {
		adopt   bool
		adopted string
		want    []string
	}{
		{false, "", []string{"An identical webhook subscription already exists", "The apply creates another one beside it",
			`id = "signatorysigned/AAAA"`, "adopt_identical_subscriptions = true"}},
		{true, "AAAA", []string{"The apply adopts an identical webhook subscription", "this resource will track AAAA"}},
		{true, "CCCC", []string{"An identical webhook subscription already exists", "adopts another identical one (CCCC)"}},
	} {
		var diags diag.Diagnostics
		warnLeftover(&diags, s, tc.adopt, tc.adopted)
		text := diags[0].Summary() + "\n" + diags[0].Detail()
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("adopt=%t adopted=%q: the warning lacks %q:\n%s", tc.adopt, tc.adopted, w, text)
			}
		}
	}
}
