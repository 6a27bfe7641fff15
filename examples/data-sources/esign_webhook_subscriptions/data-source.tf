# Every subscription of the account.
data "esign_webhook_subscriptions" "all" {}

# Only those for one event type (any case) delivering to one URI.
data "esign_webhook_subscriptions" "archive" {
  event_type = "SignatureRequestCompleted"
  uri        = "https://archive.example.com/hooks/esign"
}

output "archive_subscription_ids" {
  value = data.esign_webhook_subscriptions.archive.subscriptions[*].id
}

# Subscriptions that point at a retired host.
output "stale_subscriptions" {
  value = [
    for s in data.esign_webhook_subscriptions.all.subscriptions : s.id
    if startswith(s.uri, "https://old-archive.example.com/")
  ]
}
