# Every webhook subscription of the account. Terraform returns at most
# `limit` results of a list block (100 unless set).
list "esign_webhook_subscription" "existing" {
  provider = esign
  limit    = 1000
}

# The metadata written with one signature request's id as reference id.
list "esign_metadata_entry" "request" {
  provider = esign
  limit    = 1000

  config {
    reference_id = var.signature_request_id
  }
}
