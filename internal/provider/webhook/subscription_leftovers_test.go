// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// An earlier run left a subscription behind (made here out of band), and the configuration declares the same
// one again, with the event type in another case.
func TestAccWebhookSubscription_untrackedTwinWarning(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	leftover := seedStray(t, key, "signatorysigned", uri, "twin")
	other := seedStray(t, key, "signatorysigned", uri+"/other", "twin")
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
			ConfigStateChecks: []statecheck.StateCheck{
				// Both resources are created beside the two made out of band.
				onService(key, uri, uri, uri, uri+"/other"),
				warnings.expect("An identical webhook subscription already exists: "+leftover.ID+" (signatorysigned)\n",
					"The apply creates another one beside it, so the receiver gets every event twice",
					`id = "signatorysigned/`+leftover.ID+`"`),
				warnings.lack(other.ID),
				acctest.Func(func() error {
					if applied := warnings.applied(); len(applied) != 0 {
						return fmt.Errorf("the apply repeats what the plan said: %q", applied)
					}
					return nil
				}),
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

// expect checks that a plan warning contains every one of texts; expectApplied, that an apply warning does.
func (w *warningRecorder) expect(texts ...string) acctest.Func {
	return func() error { return containsAll("plan", w.planned(), texts) }
}

func (w *warningRecorder) expectApplied(texts ...string) acctest.Func {
	return func() error { return containsAll("apply", w.applied(), texts) }
}

func containsAll(phase string, warnings, texts []string) error {
	for _, w := range warnings {
		if !slices.ContainsFunc(texts, func(text string) bool { return !strings.Contains(w, text) }) {
			return nil
		}
	}
	return fmt.Errorf("no %s warning contains all of %q; the warnings: %q", phase, texts, warnings)
}

// lack checks that no warning of a plan or an apply contains text: with "", that there is none.
func (w *warningRecorder) lack(text string) acctest.Func {
	return func() error {
		for _, warning := range append(w.planned(), w.applied()...) {
			if strings.Contains(warning, text) {
				return fmt.Errorf("a warning contains %q:\n%s", text, warning)
			}
		}
		return nil
	}
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
