# The configuration `make demo` applies against the local emulator. The demo
# program sets ESIGN_* and the TF_VAR_* values below; see
# internal/cmd/esign-demo.
terraform {
  required_version = ">= 1.5"
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

# Configured from ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN.
provider "esign" {}

variable "receiver_url" {
  description = "HTTPS endpoint that receives the webhook events (a local receiver in the demo)."
  type        = string
}

variable "signature_request_id" {
  type = string
}

variable "signatory_id" {
  type = string
}

variable "document_id" {
  type = string
}

variable "blob_connection_id" {
  type = string
}

variable "download_path" {
  description = "Where the signed document is written."
  type        = string
}

data "esign_supported_hooks" "all" {}

output "supported_event_types" {
  value = data.esign_supported_hooks.all.event_types
}
