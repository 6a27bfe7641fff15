package provider

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/testcheck"
)

// providerWithoutIdentity is the provider as released before resource
// identity: the same resources, without the identity wrappers and without
// list resources.
type providerWithoutIdentity struct {
	*esignProvider
}

func (p providerWithoutIdentity) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{NewMetadataEntryResource, NewWebhookSubscriptionResource}
}

func (p providerWithoutIdentity) ListResources(context.Context) []func() list.ListResource {
	return nil
}

// States written by the provider before it had identity (none stored) plan
// clean with the provider that has it, and come out of that refresh with
// their identity, through Read and through the refresh shortcut alike.
func TestAccResourceIdentity_upgradeFromStateWithoutIdentity(t *testing.T) {
	tenant := newTestTenant(t)
	uri := testReceiver.URL(t.Name())
	// Terraform refreshes at most 10 resources at a time (-parallelism),
	// and only the 3 subscriptions can finish before the entity's list
	// arrives, so at most 13 entry reads start before it does: with 14
	// entries at least one is answered by the refresh shortcut, whatever
	// the timing.
	const subscriptions, entries = 3, 14
	config := providerConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "s" {
  count      = %d
  event_type = "SignatureRequestCompleted"
  uri        = "%s/${count.index}"
}

resource "esign_metadata_entry" "e" {
  count       = %d
  entity_type = "Document"
  entity_id   = "doc-1"
  key         = "k${count.index}"
  value       = "v"
}
`, subscriptions, uri, entries)
	withoutIdentity := map[string]func() (tfprotov6.ProviderServer, error){
		"esign": func() (tfprotov6.ProviderServer, error) {
			return providerserver.NewProtocol6(providerWithoutIdentity{&esignProvider{version: "0.1.0"}})(), nil
		},
	}
	// The servers of the second step, for their shortcut counters.
	var shortcuts atomic.Int64
	withIdentity := map[string]func() (tfprotov6.ProviderServer, error){
		"esign": func() (tfprotov6.ProviderServer, error) {
			s := NewProtocol6Server("test").(protocolServer)
			s.shortcuts = &shortcuts
			return s, nil
		},
	}
	var identities []statecheck.StateCheck
	for i := range subscriptions {
		identities = append(identities, statecheck.ExpectIdentity(fmt.Sprintf("esign_webhook_subscription.s[%d]", i), map[string]knownvalue.Check{
			"id": knownvalue.StringRegexp(guidRegexp), "event_type": knownvalue.StringExact("signaturerequestcompleted"),
		}))
	}
	for i := range entries {
		identities = append(identities, metadataEntryIdentityCheck(fmt.Sprintf("esign_metadata_entry.e[%d]", i), "Document", "doc-1", fmt.Sprintf("k%d", i)))
	}

	tfresource.ParallelTest(t, tfresource.TestCase{
		// Identity is stored by Terraform 1.12 and later; before, there is
		// nothing to upgrade.
		TerraformVersionChecks: requiresIdentity,
		CheckDestroy:           checkSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []tfresource.TestStep{
			{
				ProtoV6ProviderFactories: withoutIdentity,
				Config:                   config,
				ConfigStateChecks:        []statecheck.StateCheck{expectNoIdentities()},
			},
			{
				PreConfig:                func() { testEmulator.ResetCounters(tenant.SubscriptionKey) },
				ProtoV6ProviderFactories: withIdentity,
				Config:                   config,
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: append(identities,
					expectNoWrites(tenant),
					testcheck.Func(func() error {
						if shortcuts.Load() == 0 {
							return fmt.Errorf("no refresh took the shortcut: the test does not cover it")
						}
						return nil
					})),
			},
		},
	})
}

// expectNoIdentities checks that no resource in the state has an identity.
func expectNoIdentities() statecheck.StateCheck {
	return testcheck.StateFunc(func(req statecheck.CheckStateRequest) error {
		if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
			return fmt.Errorf("the state is empty")
		}
		for _, r := range req.State.Values.RootModule.Resources {
			if len(r.IdentityValues) > 0 {
				return fmt.Errorf("%s has identity %v", r.Address, r.IdentityValues)
			}
		}
		return nil
	})
}
