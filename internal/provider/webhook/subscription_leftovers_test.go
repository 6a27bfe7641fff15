// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

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

// An earlier run left a subscription behind (made here out of band), and the configuration declares the same
// one again, with the event type in another case.
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
			// The checks look at the emulator and at what the provider answered, beside the state.
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
				if applied := warnings.applied(); len(applied) != 0 {
					return fmt.Errorf("the apply repeats what the plan said: %q", applied)
				}
				return expectWarnings(warnings.planned(), leftover.ID, []string{
					"An identical webhook subscription already exists: " + leftover.ID + " (signatorysigned)\n",
					"The apply creates another one beside it, so the receiver gets every event twice",
					`id = "signatorysigned/` + leftover.ID + `"`,
				}, other.ID)
			},
		}},
	})
}

// warningRecorder serves the provider to terraform-plugin-testing, which does not show warnings, and records
// the warnings that plans (of the resources of type, every type if "") and applies return.
type warningRecorder struct {
	mu       sync.Mutex
	typeName string
	plans    []string // summary and detail
	applies  []string
	// afterPlan, when set, runs once right after the next plan of type: between a plan and its apply.
	afterPlan func()
}

// reset forgets the warnings recorded so far.
func (w *warningRecorder) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.plans, w.applies = nil, nil
}

// afterNextPlan runs f once, right after the next plan of type.
func (w *warningRecorder) afterNextPlan(f func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.afterPlan = f
}

// planned and applied are the warnings recorded so far.
func (w *warningRecorder) planned() []string { return w.copyOf(&w.plans) }
func (w *warningRecorder) applied() []string { return w.copyOf(&w.applies) }

func (w *warningRecorder) copyOf(list *[]string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), *list...)
}

func (w *warningRecorder) record(list *[]string, typeName string, diags []*tfprotov6.Diagnostic) {
	if w.typeName != "" && typeName != w.typeName {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityWarning {
			*list = append(*list, d.Summary+"\n"+d.Detail)
		}
	}
}

func (w *warningRecorder) factories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"esign": func() (tfprotov6.ProviderServer, error) {
			return warningRecordingServer{ProviderServer: server.New("test"), recorder: w}, nil
		},
	}
}

// expectWarnings fails unless some of warnings name about, each of those
// contains every text of want, and none of warnings contains unwanted.
func expectWarnings(warnings []string, about string, want []string, unwanted string) error {
	n := 0
	for _, warning := range warnings {
		if strings.Contains(warning, unwanted) {
			return fmt.Errorf("a warning names %s:\n%s", unwanted, warning)
		}
		if !strings.Contains(warning, about) {
			continue
		}
		n++
		for _, text := range want {
			if !strings.Contains(warning, text) {
				return fmt.Errorf("the warning lacks %q:\n%s", text, warning)
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("no warning names %s: %q", about, warnings)
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
		s.recorder.record(&s.recorder.applies, req.TypeName, resp.Diagnostics)
	}
	return resp, err
}

func (s warningRecordingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if resp != nil {
		s.recorder.record(&s.recorder.plans, req.TypeName, resp.Diagnostics)
	}
	if w := s.recorder; w.typeName == "" || req.TypeName == w.typeName {
		w.mu.Lock()
		after := w.afterPlan
		w.afterPlan = nil
		w.mu.Unlock()
		if after != nil {
			after()
		}
	}
	return resp, err
}
