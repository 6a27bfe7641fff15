# Download the signed document to a file; its sha256 lets a pipeline check it.
data "esign_signed_document" "contract" {
  blob_connection_id = var.blob_connection_id
  output_path        = var.download_path
}

output "signed_document" {
  value = {
    path   = var.download_path
    size   = data.esign_signed_document.contract.size
    sha256 = data.esign_signed_document.contract.sha256
  }
}
