# dev and test on the hosts and credentials in TF_VAR_hosts, as in the
# nonprod pipeline. Here that is one emulator with two tenants: dev's with
# the default credentials (also in ESIGN_*, which the helper runs read),
# test's seeded from ../emulator-state.json:
#
#   export TF_VAR_hosts='{"dev": {"base_url": "http://127.0.0.1:8787", "subscription_key": "dev-subscription-key", "access_token": "dev-token"},
#                         "test": {"base_url": "http://127.0.0.1:8787", "subscription_key": "test-subscription-key", "access_token": "test-token"}}'
#
# A provider block that sent one environment's calls with the other's
# credentials, or a module call given the other's provider, would put
# subscriptions on the wrong tenant, and the last two runs would fail.
variables {
  client_secrets = { dev = "not-a-secret", test = "not-a-secret-either" }
}

run "apply" {
  assert {
    condition     = toset(keys(output.subscription_ids.test)) == toset(["SignatureRequestCompleted", "SignatorySigned"])
    error_message = "test should subscribe to two event types, got ${jsonencode(keys(output.subscription_ids.test))}."
  }
}

# Someone adds a subscription to dev's receiver by hand, on dev's host.
run "added_by_hand" {
  module {
    source = "../modules/environment-webhooks/tests/made-by-hand"
  }

  variables {
    uris = ["https://dev.app.example.com/hooks/esign/tried-by-hand"]
  }
}

# on_unmanaged = "warn": dev's unmanaged names it, the apply keeps it and
# replaces nothing.
run "apply_keeps_it" {
  variables {
    ids_before = run.apply.subscription_ids
  }

  assert {
    condition     = [for s in output.unmanaged.dev : s.uri] == ["https://dev.app.example.com/hooks/esign/tried-by-hand"]
    error_message = "dev's unmanaged should list the subscription added by hand: ${jsonencode(output.unmanaged.dev)}."
  }
  assert {
    condition     = length(output.unmanaged.test) == 0
    error_message = "test's unmanaged lists a subscription on another host: ${jsonencode(output.unmanaged.test)}."
  }
  assert {
    condition     = output.subscription_ids == var.ids_before
    error_message = "The apply replaced a subscription."
  }
}

run "dev_host_holds_dev" {
  module {
    source = "../modules/environment-webhooks/tests/subscriptions"
  }

  assert {
    condition     = length(output.uris) == 3 && alltrue([for u in output.uris : startswith(u, "https://dev.app.example.com/hooks/")])
    error_message = "dev's host should hold dev's two subscriptions and the one added by hand: ${jsonencode(output.uris)}."
  }
}

run "test_host_holds_test" {
  module {
    source = "../modules/environment-webhooks/tests/subscriptions"
  }

  variables {
    credentials = { subscription_key = "test-subscription-key", access_token = "test-token" }
  }

  assert {
    condition     = length(output.uris) == 2 && alltrue([for u in output.uris : startswith(u, "https://test.app.example.com/hooks/")])
    error_message = "test's host should hold test's two subscriptions: ${jsonencode(output.uris)}."
  }
}
