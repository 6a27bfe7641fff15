// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// rivalSummary matches the summary of the identical-blocks warning.
var rivalSummary = regexp.MustCompile(`^\d identical webhook subscription blocks: `)

// subscriptionBlock is an esign_webhook_subscription block; extra goes inside it.
func subscriptionBlock(name, eventType, uri, description, extra string) string {
	return fmt.Sprintf(`
resource "esign_webhook_subscription" %q {
  event_type  = %q
  uri         = %q
  description = %q
%s
}
`, name, eventType, uri, description, extra)
}

// expectRivalWarning checks that the plans warned that two blocks declare the same subscription, naming both
// by their spelling of the event type and what they track (declared: "to be created" or "subscription"), the
// uri (also in the summary), and that the receiver gets every event twice.
func expectRivalWarning(w *warningRecorder, uri string, this, other [2]string) acctest.Func {
	names := func(a, b [2]string) *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`(?s)This esign_webhook_subscription \(event_type = %q, %s[^)]*\) declares the same `+
			`subscription as the esign_webhook_subscription with event_type = %q, %s`,
			a[0], regexp.QuoteMeta(a[1]), b[0], regexp.QuoteMeta(b[1])))
	}
	return func() error {
		for _, warning := range w.planned() {
			if !rivalSummary.MatchString(warning) {
				continue
			}
			summary, _, _ := strings.Cut(warning, "\n")
			if (names(this, other).MatchString(warning) || names(other, this).MatchString(warning)) && strings.Contains(summary, " to "+uri+" ") &&
				strings.Contains(warning, fmt.Sprintf("uri %q", uri)) && strings.Contains(warning, "every event twice") {
				return nil
			}
		}
		return fmt.Errorf("no plan warning names both %q and %q: %q", this, other, w.planned())
	}
}

// expectNoRivalWarning checks that no plan warned about identical blocks.
func expectNoRivalWarning(w *warningRecorder) acctest.Func {
	return func() error {
		for _, warning := range w.planned() {
			if rivalSummary.MatchString(warning) {
				return fmt.Errorf("a plan warns about identical blocks:\n%s", warning)
			}
		}
		return nil
	}
}

// Two blocks of one configuration that declare the same subscription (the event type in two spellings) get a
// warning in the plan, at the default parallelism, whichever of them Terraform plans first.
func TestAccWebhookSubscription_identicalBlocksWarnAtPlan(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	warnings := &warningRecorder{typeName: "esign_webhook_subscription"}
	reset := func() { warnings.mu.Lock(); warnings.plans, warnings.applies = nil, nil; warnings.mu.Unlock() }
	upper := subscriptionBlock("upper", "SignatorySigned", uri, "twin", "")
	lower := subscriptionBlock("lower", "signatorysigned", uri, "twin", "")
	other := subscriptionBlock("other", "SignatorySigned", uri, "not a twin", "")
	provider := acctest.ProviderConfig(tenant)
	solo := func(secret string) string {
		return provider + subscriptionBlock("solo", "SignatureRequestCompleted", uri+"/solo", "solo",
			fmt.Sprintf(`  headers = { "X-Secret" = %q }`, secret))
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: warnings.factories(),
		CheckDestroy:             acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []resource.TestStep{
			{
				Config: provider + upper + other,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectNoRivalWarning(warnings)},
				},
			},
			{
				// A new block beside an applied one.
				PreConfig: reset,
				Config:    provider + upper + other + lower,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectRivalWarning(warnings, uri,
						[2]string{"signatorysigned", "to be created"}, [2]string{"SignatorySigned", "subscription "})},
				},
			},
			{
				// Both applied: every plan says it again.
				PreConfig: reset,
				Config:    provider + upper + other + lower,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						expectRivalWarning(warnings, uri,
							[2]string{"signatorysigned", "subscription "}, [2]string{"SignatorySigned", "subscription "}),
					},
				},
			},
			{
				// Two instances of one block.
				PreConfig: reset,
				Config: provider + fmt.Sprintf(`
resource "esign_webhook_subscription" "twice" {
  count       = 2
  event_type  = "SignatorySigned"
  uri         = %q
  description = "twice"
}
`, uri+"/twice"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectRivalWarning(warnings, uri+"/twice",
						[2]string{"SignatorySigned", "to be created"}, [2]string{"SignatorySigned", "to be created"})},
				},
			},
			{Config: solo("one")},
			{
				// New headers replace the subscription with the same
				// arguments: Terraform plans it twice, which is no rival.
				PreConfig: reset,
				Config:    solo("two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_webhook_subscription.solo", plancheck.ResourceActionDestroyBeforeCreate),
						expectNoRivalWarning(warnings),
						acctest.Func(func() error {
							if planned := warnings.planned(); len(planned) != 0 {
								return fmt.Errorf("the replacement's plan warns: %q", planned)
							}
							return nil
						}),
					},
				},
			},
		},
	})
}

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
					`id = "SignatorySigned/`+leftover.ID+`"`),
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
