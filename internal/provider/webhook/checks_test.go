// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

// Checks shared by the webhook subscription tests.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// expectEmulatorSubscriptions checks the tenant's subscriptions on the
// emulator, by count, and returns them for further checks.
func expectEmulatorSubscriptions(t *testing.T, key string, n int) []emulator.Subscription {
	t.Helper()
	subs := acctest.Emulator.Subscriptions(key)
	if len(subs) != n {
		t.Errorf("the emulator holds %d subscriptions, want %d: %+v", len(subs), n, subs)
	}
	return subs
}

// expectReplaced checks that the subscription in state is no longer old; why says what it means if it is.
func expectReplaced(old, why string) statecheck.StateCheck {
	return acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
		if id, _ := acctest.StateID(req, webhookAddr); id == old {
			return fmt.Errorf("subscription %s is still in state: %s", old, why)
		}
		return nil
	})
}

// importID builds an ImportStateIdFunc from a resource's id, with an optional "<event_type>/" prefix.
func importID(address, eventTypePrefix string) func(*terraform.State) (string, error) {
	return func(s *terraform.State) (string, error) {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return "", fmt.Errorf("%s is not in the state", address)
		}
		if eventTypePrefix == "" {
			return rs.Primary.ID, nil
		}
		return eventTypePrefix + "/" + rs.Primary.ID, nil
	}
}

// receivedPayload is the webhook payload, field by field.
type receivedPayload struct {
	EventType string `json:"EventType"`
	Timestamp string `json:"Timestamp"`
	EventData struct {
		SignatureRequestID string `json:"SignatureRequestId"`
		TenantID           string `json:"TenantId"`
		DepartmentID       string `json:"DepartmentId"`
		CreatorID          string `json:"CreatorId"`
		SignatoryID        string `json:"SignatoryId"`
	} `json:"EventData"`
}

// expectDelivered fires ev with simulate (one of the emulator's Simulate* methods) and checks that it went,
// as eventType, to one subscription, which answered 200, and reached the receiver's path as its n-th request
// (see checkDelivery).
func expectDelivered(tenant emulator.Tenant, simulate func(string, emulator.Event) ([]emulator.Delivery, error),
	ev emulator.Event, eventType, path string, n int, wantHeaders map[string]string,
) acctest.Func {
	return func() error {
		deliveries, err := simulate(tenant.SubscriptionKey, ev)
		if err != nil {
			return err
		}
		if len(deliveries) != 1 || deliveries[0].StatusCode != 200 || deliveries[0].EventType != eventType {
			return fmt.Errorf("deliveries: %+v, want one of %s answered 200", deliveries, eventType)
		}
		return checkDelivery(path, n, eventType, tenant.TenantID, ev, wantHeaders)
	}
}

// checkDelivery checks that the receiver's path has got n requests in all, the last of them with the wanted
// headers and a payload that carries the event.
func checkDelivery(path string, n int, eventType string, tenantID string, ev emulator.Event, wantHeaders map[string]string) error {
	all := acctest.Receiver.Requests(path)
	if len(all) != n {
		return fmt.Errorf("the receiver got %d requests on %s, want %d", len(all), path, n)
	}
	got := all[n-1]
	for name, want := range wantHeaders {
		if v := got.Header.Get(name); v != want {
			return fmt.Errorf("header %s: got %q, want %q", name, v, want)
		}
	}
	if ct := got.Header.Get("Content-Type"); ct != "application/json" {
		return fmt.Errorf("content type %q, want application/json", ct)
	}
	var p receivedPayload
	dec := json.NewDecoder(strings.NewReader(string(got.Body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("decoding the payload %s: %w", got.Body, err)
	}
	want := receivedPayload{EventType: eventType, Timestamp: ev.Timestamp.UTC().Format(emulator.TimestampLayout)}
	want.EventData.SignatureRequestID = ev.SignatureRequestID
	want.EventData.TenantID = tenantID
	want.EventData.DepartmentID = ev.DepartmentID
	want.EventData.CreatorID = ev.CreatorID
	want.EventData.SignatoryID = ev.SignatoryID
	if p != want {
		return fmt.Errorf("payload\n got %+v\nwant %+v", p, want)
	}
	return nil
}

// ephemeralVariable declares a string variable that Terraform keeps out of
// plan and state files, the way write-only secrets reach a configuration.
func ephemeralVariable(name string) string {
	return fmt.Sprintf(`
variable %q {
  type      = string
  sensitive = true
  ephemeral = true
}
`, name)
}
