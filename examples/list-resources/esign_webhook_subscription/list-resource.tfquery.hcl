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
