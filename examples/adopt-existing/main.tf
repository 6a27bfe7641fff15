# Adopting subscriptions and metadata made outside Terraform
# (Terraform 1.14 or later): run
#
#   terraform init
#   terraform query -var signature_request_id=<id> -generate-config-out=generated.tf
#   terraform plan -var signature_request_id=<id>
#
# then review generated.tf (add the headers: the service never returns them)
# and apply: the plan imports, it changes nothing.

terraform {
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

# Credentials from ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and
# ESIGN_ACCESS_TOKEN (or the login variables).
provider "esign" {}

variable "signature_request_id" {
  type        = string
  description = "The signature request whose metadata (its own, its signatories' and its documents') to adopt."
}
