# prod against the emulator: the provider reads the host and credentials
# from ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN, as in
# the prod pipeline.
variables {
  client_secret = "not-a-secret"
}

run "apply" {
  assert {
    condition     = toset(keys(output.subscription_ids)) == toset(["SignatureRequestCompleted"])
    error_message = "prod should subscribe to SignatureRequestCompleted only, got ${jsonencode(keys(output.subscription_ids))}."
  }
}

# Someone adds a subscription to prod's receiver by hand, and one elsewhere.
run "added_by_hand" {
  module {
    source = "../modules/environment-webhooks/tests/made-by-hand"
  }

  variables {
    uris = ["https://app.example.com/hooks/esign/added-by-hand", "https://collector.example.net/esign"]
  }
}

# on_unmanaged = "delete": the next apply deletes the one to prod's
# receiver, and replaces nothing.
run "apply_deletes_it" {
  variables {
    ids_before = run.apply.subscription_ids
  }

  assert {
    condition     = length(output.unmanaged) == 0
    error_message = "unmanaged after the apply: ${jsonencode(output.unmanaged)}."
  }
  assert {
    condition     = output.subscription_ids == var.ids_before
    error_message = "The apply replaced a subscription."
  }
}

run "what_the_service_holds" {
  module {
    source = "../modules/environment-webhooks/tests/subscriptions"
  }

  assert {
    condition     = !contains(output.uris, "https://app.example.com/hooks/esign/added-by-hand")
    error_message = "The subscription added by hand to prod's receiver was not deleted."
  }
  assert {
    condition     = contains(output.uris, "https://collector.example.net/esign")
    error_message = "A subscription outside prod's scope was deleted."
  }
}
