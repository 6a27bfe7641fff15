# Download a signed document to a file (its folder must exist) and record its
# digest; the document itself stays out of the state.
data "esign_signed_document" "contract" {
  blob_connection_id = "0f9e8d7c-6b5a-4c3d-2e1f-0a9b8c7d6e5f"
  output_path        = "${path.module}/signed/contract.pdf"
}

output "contract_sha256" {
  value = data.esign_signed_document.contract.sha256
}

# A small document (up to 4 MiB) can be read inline, base64-encoded.
data "esign_signed_document" "receipt" {
  blob_connection_id = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"
  include_content    = true
}

output "receipt_size" {
  value = data.esign_signed_document.receipt.size
}
