package webhook_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestAccWebhookSubscriptionDataSource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	ids := acctest.SeedSubscriptions(t, tenant,
		client.CreateSubscriptionRequest{EventType: "signaturerequestcompleted", URI: uri, Description: "archive"},
	)
	config := func(eventType string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
data "esign_webhook_subscription" "one" {
  id         = %q
  event_type = %q
}
`, ids[0], eventType)
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    config("SignatureRequestCompleted"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("event_type"), knownvalue.StringExact("SignatureRequestCompleted")),
					statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("uri"), knownvalue.StringExact(uri)),
					statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("description"), knownvalue.StringExact("archive")),
					acctest.Func(func() error {
						if n := acctest.Emulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionGet]; n == 0 {
							return fmt.Errorf("the data source never called %s", emulator.RouteSubscriptionGet)
						}
						return nil
					}),
				},
			},
			{
				Config:      config("signatorysigned"),
				ExpectError: acctest.WrappedRegexp(`Webhook subscription not found.*no subscription with id "` + ids[0] + `" and event type "signatorysigned"`),
			},
		},
	})
}
