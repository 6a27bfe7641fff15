// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

import (
	"errors"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Each adapter reports its function's error, or none, as the check's result.
func TestAdaptersReportTheFunctionsError(t *testing.T) {
	for _, want := range []error{nil, errors.New("the emulator disagrees")} {
		var fromFuncState, fromState statecheck.CheckStateResponse
		var fromFuncPlan, fromPlan plancheck.CheckPlanResponse
		Func(func() error { return want }).CheckState(t.Context(), statecheck.CheckStateRequest{}, &fromFuncState)
		Func(func() error { return want }).CheckPlan(t.Context(), plancheck.CheckPlanRequest{}, &fromFuncPlan)
		StateFunc(func(statecheck.CheckStateRequest) error { return want }).CheckState(t.Context(), statecheck.CheckStateRequest{}, &fromState)
		PlanFunc(func(plancheck.CheckPlanRequest) error { return want }).CheckPlan(t.Context(), plancheck.CheckPlanRequest{}, &fromPlan)
		for name, got := range map[string]error{
			"Func as a state check": fromFuncState.Error, "Func as a plan check": fromFuncPlan.Error,
			"StateFunc": fromState.Error, "PlanFunc": fromPlan.Error,
		} {
			if !errors.Is(got, want) {
				t.Errorf("%s reported %v, want %v", name, got, want)
			}
		}
	}
}
