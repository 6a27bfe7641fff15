package provider

// Checks of what reached the emulator, shared by the acceptance tests. They
// read the tenant's request counters, so a step that asserts on them resets
// the counters in its PreConfig (or the test starts on a fresh tenant).

import (
	"fmt"
	"maps"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/testcheck"
)

// expectRequests checks that the tenant sent n requests to route (an
// emulator.Route* name) since its counters were last reset.
func expectRequests(tenant emulator.Tenant, route string, n int) testcheck.Func {
	return func() error {
		counters := testEmulator.Counters(tenant.SubscriptionKey)
		if got := counters[route]; got != n {
			return fmt.Errorf("%d requests to %s, want %d (all requests since the counters were reset: %v)", got, route, n, counters)
		}
		return nil
	}
}

// expectNoWrites checks that nothing was written to the tenant's service
// since its counters were last reset: no POST, PUT or DELETE, not even one
// that failed.
func expectNoWrites(tenant emulator.Tenant) testcheck.Func {
	return func() error {
		if n := testEmulator.Writes(tenant.SubscriptionKey); n != 0 {
			return fmt.Errorf("%d writes reached the service, want none (all requests since the counters were reset: %v)",
				n, testEmulator.Counters(tenant.SubscriptionKey))
		}
		return nil
	}
}

// expectExactRequests checks the tenant's request counters exactly: every route
// in want with its count, no other route.
func expectExactRequests(tenant emulator.Tenant, want map[string]int) testcheck.Func {
	return func() error {
		got := testEmulator.Counters(tenant.SubscriptionKey)
		if !maps.Equal(got, want) {
			return fmt.Errorf("the service got requests %v, want %v", got, want)
		}
		return nil
	}
}
