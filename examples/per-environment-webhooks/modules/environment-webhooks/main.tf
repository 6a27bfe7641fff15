# One environment's webhook setup on its service host: one subscription per
# event type, all delivering to that environment's receiver with its own
# credentials, an exclusive resource that owns every subscription to that
# receiver, and the metadata the environment keeps on the service. The
# provider (which host, which credentials) comes from the caller.
terraform {
  required_version = ">= 1.11"
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

resource "esign_webhook_subscription" "this" {
  for_each = toset(var.event_types)

  event_type  = each.key
  uri         = "${trimsuffix(var.receiver_base_url, "/")}/esign/${lower(each.key)}"
  description = "${var.environment}: ${each.key}"

  # Write-only: the secret is sent to the service but never stored in the
  # plan or the state. Bump client_secret_version after rotating it.
  headers_wo = {
    "client-id"     = var.client_id
    "client-secret" = var.client_secret
  }
  headers_wo_version = var.client_secret_version

  # The service cannot update a subscription; replacements create the new
  # subscription before deleting the old one so that no event is lost.
  lifecycle {
    create_before_destroy = true
  }
}

# Every subscription whose uri starts with the receiver's base URL belongs to
# this module. Any other one there (made by hand, or left over) shows up in
# the plan by event type and uri; on_unmanaged says whether the apply deletes
# it ("delete"), only warns ("warn") or the plan fails ("fail").
# Subscriptions to other addresses are out of scope: never listed, never
# deleted.
resource "esign_webhook_subscriptions_exclusive" "this" {
  uri_prefix       = "${trimsuffix(var.receiver_base_url, "/")}/"
  subscription_ids = [for s in esign_webhook_subscription.this : s.id]
  on_unmanaged     = var.on_unmanaged
}

# The service has no delete for metadata: destroying an entry removes it
# from the state only, and its value stays on the service.
resource "esign_metadata_entry" "this" {
  for_each = { for m in var.metadata : "${m.entity_type}/${m.entity_id}/${m.key}" => m }

  entity_type  = each.value.entity_type
  entity_id    = each.value.entity_id
  key          = each.value.key
  value        = each.value.value
  reference_id = each.value.reference_id
}
