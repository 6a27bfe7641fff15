# Plan-only unit tests: no service, no credentials. The mock provider answers
# every call with made-up values, so these check what the module computes
# from its inputs, and its validations. They do not check what the provider
# checks against the service at plan time (an event_type the service does
# not support plans fine here); tests/emulator.tftest.hcl does.
mock_provider "esign" {
  # Made-up ids must still be GUIDs: the exclusive resource checks them.
  mock_resource "esign_webhook_subscription" {
    defaults = {
      id = "00000000-0000-4000-8000-000000000000"
    }
  }
}

variables {
  environment       = "staging"
  receiver_base_url = "https://staging.example.com/hooks/"
  client_id         = "esign-staging"
  client_secret     = "not-a-secret"
  metadata = [
    { entity_type = "SignatureRequest", entity_id = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e09", key = "environment", value = "staging" },
  ]
}

run "one_subscription_per_event_type" {
  command = plan

  assert {
    condition     = toset(keys(esign_webhook_subscription.this)) == toset(["SignatureRequestCompleted", "SignatorySigned"])
    error_message = "Expected one subscription per default event type, got ${jsonencode(keys(esign_webhook_subscription.this))}."
  }
  assert {
    condition     = esign_webhook_subscription.this["SignatureRequestCompleted"].uri == "https://staging.example.com/hooks/esign/signaturerequestcompleted"
    error_message = "Unexpected uri: ${esign_webhook_subscription.this["SignatureRequestCompleted"].uri}."
  }
  assert {
    condition     = esign_webhook_subscription.this["SignatorySigned"].description == "staging: SignatorySigned"
    error_message = "Unexpected description: ${esign_webhook_subscription.this["SignatorySigned"].description}."
  }
}

run "exclusive_scope_is_the_receiver" {
  command = plan

  assert {
    condition     = esign_webhook_subscriptions_exclusive.this.uri_prefix == "https://staging.example.com/hooks/"
    error_message = "Unexpected uri_prefix: ${esign_webhook_subscriptions_exclusive.this.uri_prefix}."
  }
  assert {
    condition     = esign_webhook_subscriptions_exclusive.this.on_unmanaged == "delete"
    error_message = "on_unmanaged should default to \"delete\"."
  }
}

run "metadata_keyed_by_entity_and_key" {
  command = plan

  assert {
    condition     = esign_metadata_entry.this["SignatureRequest/0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e09/environment"].value == "staging"
    error_message = "The metadata entry is missing or has another value."
  }
}

run "receiver_must_be_https" {
  command = plan

  variables {
    receiver_base_url = "http://staging.example.com/hooks"
  }

  expect_failures = [var.receiver_base_url]
}

run "on_unmanaged_is_checked" {
  command = plan

  variables {
    on_unmanaged = "ignore"
  }

  expect_failures = [var.on_unmanaged]
}
