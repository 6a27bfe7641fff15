# Every subscription of the account (Terraform returns at most `limit`
# results, 100 unless set).
list "esign_webhook_subscription" "all" {
  provider = esign
  limit    = 1000
}

# The subscriptions to one event type (any case) that send to one URI.
list "esign_webhook_subscription" "archive" {
  provider = esign

  config {
    event_type = "SignatureRequestCompleted"
    uri        = "https://hooks.example.com/esign/archive"
  }
}

# Every subscription under one URL, as an esign_webhook_subscriptions_exclusive
# with this uri_prefix would own them: scheme and host in any case, port 443
# written or not, the path with case. Without a path: every path on that host.
list "esign_webhook_subscription" "prod" {
  provider = esign
  limit    = 1000

  config {
    uri_prefix = "https://hooks.example.com/esign/prod/"
  }
}
