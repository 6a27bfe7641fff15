# Integration tests against the emulator (or any service host): the provider
# reads its settings from ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and
# ESIGN_ACCESS_TOKEN. Each run applies (unless it says plan) in one state,
# which terraform test destroys at the end; the runs of the helper modules
# (./tests/...) keep states of their own. An earlier run's outputs reach an
# assertion through a variable (ids_before), from the last run on the same
# state: OpenTofu 1.12 reads run.<name> neither in assertions nor, reliably,
# from older runs.
variables {
  environment       = "staging"
  receiver_base_url = "https://staging.example.com/hooks"
  client_id         = "esign-staging"
  client_secret     = "not-a-secret"
  on_unmanaged      = "warn"
  metadata = [
    { entity_type = "SignatureRequest", entity_id = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e09", key = "environment", value = "staging" },
  ]
}

run "apply" {
  assert {
    condition     = esign_webhook_subscription.this["SignatureRequestCompleted"].uri == "https://staging.example.com/hooks/esign/signaturerequestcompleted"
    error_message = "Unexpected uri: ${esign_webhook_subscription.this["SignatureRequestCompleted"].uri}."
  }
  assert {
    condition     = esign_webhook_subscription.this["SignatureRequestCompleted"].headers == null
    error_message = "The client secret is in the state: send it with headers_wo, which is never stored."
  }
  assert {
    condition     = esign_metadata_entry.this["SignatureRequest/0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e09/environment"].value == "staging"
    error_message = "The metadata entry does not hold \"staging\"."
  }
  assert {
    condition     = length(output.unmanaged) == 0
    error_message = "Unmanaged subscriptions right after the first apply: ${jsonencode(output.unmanaged)}."
  }
}

# Someone adds two subscriptions by hand: one to the receiver, one elsewhere.
run "added_by_hand" {
  module {
    source = "./tests/made-by-hand"
  }

  variables {
    uris = ["https://staging.example.com/hooks/esign/tried-by-hand", "https://collector.example.net/esign"]
  }
}

# on_unmanaged = "warn": the plan names the one to the receiver, and changes
# nothing else.
run "plan_names_it" {
  command = plan

  variables {
    ids_before = run.apply.subscription_ids
  }

  assert {
    condition     = [for s in output.unmanaged : s.uri] == ["https://staging.example.com/hooks/esign/tried-by-hand"]
    error_message = "unmanaged should list the subscription added by hand to the receiver, and only it: ${jsonencode(output.unmanaged)}."
  }
  assert {
    condition     = output.subscription_ids == var.ids_before
    error_message = "The plan replaces a subscription."
  }
}

# on_unmanaged = "delete": the apply deletes it.
run "apply_deletes_it" {
  variables {
    on_unmanaged = "delete"
  }

  assert {
    condition     = length(output.unmanaged) == 0
    error_message = "unmanaged after the apply: ${jsonencode(output.unmanaged)}."
  }
}

run "what_the_service_holds" {
  module {
    source = "./tests/subscriptions"
  }

  assert {
    condition     = !contains(output.uris, "https://staging.example.com/hooks/esign/tried-by-hand")
    error_message = "The subscription added by hand to the receiver was not deleted."
  }
  assert {
    condition     = contains(output.uris, "https://collector.example.net/esign")
    error_message = "A subscription outside the module's scope was deleted."
  }
}

# headers_wo is write-only: null in every plan and state, so a test cannot
# read it back. Bumping its version (after rotating the secret) sends the
# value again, by replacing each subscription.
run "rotate_client_secret" {
  variables {
    client_secret_version = 2
    ids_before            = run.apply_deletes_it.subscription_ids
  }

  assert {
    condition     = alltrue([for k, id in output.subscription_ids : id != var.ids_before[k]])
    error_message = "A new client_secret_version should replace every subscription."
  }
}
