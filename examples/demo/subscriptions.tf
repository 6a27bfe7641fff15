# One subscription per event type the environment supports, all to the same
# receiver, plus one that carries custom headers (a client id and secret the
# receiver can check).

variable "client_secret" {
  description = "Secret the receiver expects in the client-secret header."
  type        = string
  sensitive   = true
  default     = "demo-secret-value"
}

resource "esign_webhook_subscription" "per_event" {
  for_each = toset(data.esign_supported_hooks.all.event_types)

  event_type  = each.value
  uri         = "${var.receiver_url}/events/${each.value}"
  description = "demo: every ${each.value} event"

  lifecycle {
    create_before_destroy = true
  }
}

resource "esign_webhook_subscription" "with_headers" {
  event_type  = "SignatureRequestCompleted" # any case: the service lists it lower-case
  uri         = "${var.receiver_url}/events/with-headers"
  description = "demo: completed requests, with client credentials"

  headers = {
    "client-id"     = "demo-client"
    "client-secret" = var.client_secret
  }
}

output "subscription_ids" {
  value = merge(
    { for k, s in esign_webhook_subscription.per_event : k => s.id },
    { with_headers = esign_webhook_subscription.with_headers.id },
  )
}
