// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"fmt"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// leftoverFixture is a list with one subscription identical to claim (event
// type in another case) and one that differs in its description.
func leftoverFixture() (*client.SubscriptionSet, planClaim) {
	const uri = "https://hooks.example.com/a"
	set := client.NewSubscriptionSet([]client.Subscription{
		{ID: "AAAA", EventType: "signatorysigned", URI: uri, Description: "d"},
		{ID: "BBBB", EventType: "signatorysigned", URI: uri, Description: "other"},
	})
	return set, planClaim{eventType: "SignatorySigned", uri: uri, description: "d"}
}

// Terraform plans a create and refreshes the resource that tracks an identical subscription in either order.
func TestLeftoversInEitherOrder(t *testing.T) {
	t.Run("create first", func(t *testing.T) {
		set, claim := leftoverFixture()
		plans := plansOf(&framework.ProviderData{})
		if found := plans.lookForLeftovers(set, claim); len(found) != 1 || found[0].ID != "AAAA" {
			t.Fatalf("the create found %+v, want AAAA", found)
		}
		if eventType, named := plans.trackPrior("aaaa"); !named || eventType != "SignatorySigned" { // ids in any case
			t.Fatal("the tracking resource's plan does not learn that a create named its subscription")
		}
	})
	t.Run("tracking resource first", func(t *testing.T) {
		set, claim := leftoverFixture()
		plans := plansOf(&framework.ProviderData{})
		if _, named := plans.trackPrior("AAAA"); named {
			t.Fatal("nothing named it yet")
		}
		if found := plans.lookForLeftovers(set, claim); len(found) != 0 {
			t.Fatalf("the create named %+v, which a resource tracks", found)
		}
	})
}

// Concurrent plans: a create and the refresh of the resource that tracks
// the subscription never both miss each other.
func TestLeftoversNeverMissEachOther(t *testing.T) {
	for range 500 {
		set, claim := leftoverFixture()
		plans := plansOf(&framework.ProviderData{})
		var found []client.Subscription
		var named bool
		var wg sync.WaitGroup
		wg.Go(func() { found = plans.lookForLeftovers(set, claim) })
		wg.Go(func() { _, named = plans.trackPrior("AAAA") })
		wg.Wait()
		if named == (len(found) == 0) {
			t.Fatalf("found %+v, named %t: exactly one must see the other", found, named)
		}
	}
}

// Past framework.NamedBound warnings of a kind in an operation, leftover and rival
// warnings share one summary each, which Terraform folds into one.
func TestWarningsPastTheBoundShareASummary(t *testing.T) {
	plans := plansOf(&framework.ProviderData{})
	var diags diag.Diagnostics
	for i := range framework.NamedBound + 2 {
		c := planClaim{eventType: "signatorysigned", uri: "https://hooks.example.com/a", id: fmt.Sprint(i)}
		if rivals := plans.addClaim(c); len(rivals) > 0 {
			warnRivals(&diags, c, rivals)
		}
		warnLeftover(&diags, client.Subscription{ID: fmt.Sprint(i), EventType: "signatorysigned"}, plans.warned.NameNext(leftoverWarnings))
	}
	summaries := map[string]int{}
	for _, d := range diags {
		summaries[d.Summary()]++
	}
	if len(diags) != 2*framework.NamedBound+3 || len(summaries) != 2*framework.NamedBound+2 || summaries["More identical webhook subscriptions already exist"] != 2 ||
		summaries["More identical webhook subscription blocks"] != 1 {
		t.Errorf("%d warnings, %d summaries: want %d named of each kind, then one summary each", len(diags), len(summaries), framework.NamedBound)
	}
}
