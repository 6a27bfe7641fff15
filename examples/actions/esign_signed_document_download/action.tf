# Download a signed document when the action runs, never at plan:
#   terraform apply -invoke=action.esign_signed_document_download.contract
# The folder of output_path must exist.
action "esign_signed_document_download" "contract" {
  config {
    blob_connection_id = "0f9e8d7c-6b5a-4c3d-2e1f-0a9b8c7d6e5f"
    output_path        = "${path.module}/signed/contract.pdf"
  }
}

# Or at the apply that creates a resource, the apply of a saved plan
# (terraform apply tfplan) included: here, once per blob_connection_id.
resource "terraform_data" "contract" {
  triggers_replace = ["0f9e8d7c-6b5a-4c3d-2e1f-0a9b8c7d6e5f"]

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.esign_signed_document_download.contract]
    }
  }
}
