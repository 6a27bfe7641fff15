// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Func, StateFunc and PlanFunc turn plain Go functions into the checks of
// terraform-plugin-testing, for the assertions that its own statecheck and
// plancheck packages cannot make: what the emulator stored, how many
// requests it got, what the plan or state JSON must not contain.
//
//	ConfigStateChecks: []statecheck.StateCheck{
//		statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.NotNull()),
//		acctest.Func(func() error {
//			if n := acctest.Emulator.Writes(key); n != 1 {
//				return fmt.Errorf("%d writes reached the service, want 1", n)
//			}
//			return nil
//		}),
//	},
//
// A function's error fails the step, as a failing library check does.

package acctest

import (
	"context"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Func is a check that needs neither the plan nor the state. It serves as a
// statecheck.StateCheck (after an apply), as a plancheck.PlanCheck (after
// a plan, for plan-only steps) and as a querycheck.QueryResultCheck (after a
// terraform query step).
type Func func() error

// CheckState runs f.
func (f Func) CheckState(_ context.Context, _ statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f()
}

// CheckPlan runs f.
func (f Func) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f()
}

// CheckQuery runs f.
func (f Func) CheckQuery(_ context.Context, _ querycheck.CheckQueryRequest, resp *querycheck.CheckQueryResponse) {
	resp.Error = f()
}

// StateFunc is a statecheck.StateCheck that reads the state (terraform show
// -json) after an apply.
type StateFunc func(req statecheck.CheckStateRequest) error

// CheckState runs f on the state.
func (f StateFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req)
}

// PlanFunc is a plancheck.PlanCheck that reads the plan (terraform show
// -json of the saved plan).
type PlanFunc func(req plancheck.CheckPlanRequest) error

// CheckPlan runs f on the plan.
func (f PlanFunc) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req)
}
