# For exploring after `make demo KEEP=1` (terraform query, Terraform 1.14 or
# later): what the emulator holds, found through the provider's list
# resources. `terraform query -generate-config-out=generated.tf` writes a
# resource and an import block for each result.

# Every webhook subscription of the account.
list "esign_webhook_subscription" "all" {
  provider = esign
}

# The metadata of the demo's signature request, its signatory and its
# document (written with the request's id as reference id).
list "esign_metadata_entry" "demo_request" {
  provider = esign

  config {
    reference_id = var.signature_request_id
  }
}
