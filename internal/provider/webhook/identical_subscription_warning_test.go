package webhook_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// An earlier run left a subscription behind (made here out of band), and
// the configuration declares the same one again, with the event type in
// another case. The create goes ahead, and warns with the leftover's id and
// how to import it. Identical but for the description is not the same.
func TestAccWebhookSubscription_untrackedTwinWarning(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	leftover, err := acctest.Emulator.AddSubscription(key, "signatorysigned", uri, "twin")
	if err != nil {
		t.Fatal(err)
	}
	other, err := acctest.Emulator.AddSubscription(key, "signatorysigned", uri+"/other", "twin")
	if err != nil {
		t.Fatal(err)
	}
	warnings := new(warningRecorder)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: warnings.factories(),
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "twin" {
  event_type  = "SignatorySigned"
  uri         = %[1]q
  description = "twin"
}

resource "esign_webhook_subscription" "not_twin" {
  event_type  = "SignatorySigned"
  uri         = %[1]q
  description = "not a twin"
}
`, uri),
			// The checks look at the emulator and at what the provider
			// answered, beside the state.
			Check: func(s *terraform.State) error {
				var ids []string
				for _, r := range s.RootModule().Resources {
					if r.Type == "esign_webhook_subscription" {
						ids = append(ids, r.Primary.ID)
					}
				}
				onService := subscriptionIDs(key)
				if len(ids) != 2 || len(onService) != 4 || len(missingFrom(onService, ids)) != 0 {
					return fmt.Errorf("state %v, service %v: want both resources created besides the two made out of band", ids, onService)
				}
				return warnings.expectOnly(1, []string{
					"An identical webhook subscription already exists",
					leftover.ID,
					"terraform import <address> signatorysigned/" + leftover.ID,
					`id = "signatorysigned/` + leftover.ID + `"`,
				}, other.ID)
			},
		}},
	})
}

// warningRecorder serves the provider to terraform-plugin-testing, which
// does not show warnings, and records the warnings that applies return.
type warningRecorder struct {
	mu       sync.Mutex
	warnings []string // summary and detail
}

func (w *warningRecorder) factories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"esign": func() (tfprotov6.ProviderServer, error) {
			return warningRecordingServer{ProviderServer: server.New("test"), recorder: w}, nil
		},
	}
}

// expectOnly fails unless exactly n warnings were recorded, the first of
// which contains every text of want, and none contains unwanted.
func (w *warningRecorder) expectOnly(n int, want []string, unwanted string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.warnings) != n {
		return fmt.Errorf("%d warnings, want %d: %q", len(w.warnings), n, w.warnings)
	}
	for _, text := range want {
		if !strings.Contains(w.warnings[0], text) {
			return fmt.Errorf("the warning lacks %q:\n%s", text, w.warnings[0])
		}
	}
	for _, warning := range w.warnings {
		if strings.Contains(warning, unwanted) {
			return fmt.Errorf("a warning names %s:\n%s", unwanted, warning)
		}
	}
	return nil
}

type warningRecordingServer struct {
	tfprotov6.ProviderServer
	recorder *warningRecorder
}

func (s warningRecordingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if resp != nil {
		s.recorder.mu.Lock()
		for _, d := range resp.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityWarning {
				s.recorder.warnings = append(s.recorder.warnings, d.Summary+"\n"+d.Detail)
			}
		}
		s.recorder.mu.Unlock()
	}
	return resp, err
}
