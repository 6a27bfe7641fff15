# Production's subscriptions, one per event type, all delivering under
# https://hooks.example.com/prod/.
resource "esign_webhook_subscription" "prod" {
  for_each = {
    SignatureRequestCompleted = "archive signed documents"
    SignatorySigned           = "notify the CRM"
  }

  event_type  = each.key
  uri         = "https://hooks.example.com/prod/${lower(each.key)}"
  description = each.value

  lifecycle {
    create_before_destroy = true
  }
}

# Every subscription delivering under https://hooks.example.com/prod/ (host
# in any case, port 443 or none) belongs to this configuration. The plan
# names any other one in that scope (made by hand, or left over) by event
# type and uri, and the apply deletes it; the first apply of this resource
# only records them, for the next plan. Other addresses are not touched.
resource "esign_webhook_subscriptions_exclusive" "prod" {
  uri_prefix       = "https://hooks.example.com/prod/"
  subscription_ids = [for s in esign_webhook_subscription.prod : s.id]

  # "fail" stops the plan instead (for pipelines that must never delete);
  # "warn" only warns.
  on_unmanaged = "delete"
}

# Leave uri_prefix out to own every subscription of the account, for a
# configuration that has a service host to itself; event_types narrows the
# scope to some event types.
