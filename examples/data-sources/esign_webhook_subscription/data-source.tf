# The service looks a subscription up by its id and event type.
data "esign_webhook_subscription" "archive" {
  id         = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  event_type = "SignatureRequestCompleted"
}

output "archive_uri" {
  value = data.esign_webhook_subscription.archive.uri
}
