# Send every completed signature request to the archive service. The event
# type may be written in any case: the service stores it lower-case, and
# Terraform shows no difference between the two spellings.
resource "esign_webhook_subscription" "archive" {
  event_type  = "SignatureRequestCompleted"
  uri         = "https://archive.example.com/hooks/esign"
  description = "Fetch signed documents into the archive"

  # Sent with every event request. The service never returns them, so they
  # are kept (marked sensitive) in the Terraform state.
  headers = {
    "client-id"     = "archive-service"
    "client-secret" = var.archive_client_secret
  }

  # The service cannot update a subscription: every change replaces it.
  # Create the new one first so that no event is missed in between.
  lifecycle {
    create_before_destroy = true
  }
}

# Keep the secret out of state and plan altogether (Terraform or OpenTofu >= 1.11):
# headers_wo is write-only. Bump headers_wo_version to send a rotated value.
resource "esign_webhook_subscription" "signed" {
  event_type = "signatorysigned"
  uri        = "https://crm.example.com/hooks/signatory-signed"

  headers_wo = {
    "Authorization" = "Bearer ${var.crm_webhook_token}"
  }
  headers_wo_version = 1

  lifecycle {
    create_before_destroy = true
  }
}

variable "archive_client_secret" {
  type      = string
  sensitive = true
}

# Ephemeral: never written to a plan or state file.
variable "crm_webhook_token" {
  type      = string
  sensitive = true
  ephemeral = true
}
