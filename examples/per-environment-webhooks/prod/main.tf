# prod alone: its own configuration, its own state, its own credentials.
# Nothing run for dev or test can read or change it, a plan here shows prod
# and nothing else, and its pipeline can require an approval of its own.
terraform {
  required_version = ">= 1.11"
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }

  # prod's state, in a backend only the prod pipeline can read, e.g.:
  # backend "s3" {
  #   bucket = "example-terraform-state-prod"
  #   key    = "esign/prod.tfstate"
  #   region = "eu-central-1"
  # }
}

# The prod host and its credentials come from the environment of the prod
# pipeline: ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN
# (or ESIGN_USERNAME, ESIGN_PASSWORD and ESIGN_TENANT_ID to log in).
provider "esign" {}

module "prod" {
  source = "../modules/environment-webhooks"

  environment           = "prod"
  receiver_base_url     = "https://app.example.com/hooks"
  event_types           = ["SignatureRequestCompleted"]
  client_id             = "esign-prod"
  client_secret         = var.client_secret
  client_secret_version = 1
  on_unmanaged          = "delete" # another subscription to prod's receiver: the plan names it, the apply deletes it
  metadata = [
    { entity_type = "SignatureRequest", entity_id = var.smoke_test_request, key = "environment", value = "prod" },
  ]
}

variable "client_secret" {
  description = "The prod receiver's client secret."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "smoke_test_request" {
  description = "Id of prod's smoke-test signature request, which carries the environment's metadata."
  type        = string
  default     = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e03"
}

output "subscription_ids" {
  description = "Subscription ids by event type."
  value       = module.prod.subscription_ids
}

output "unmanaged" {
  description = "Subscriptions to prod's receiver that this configuration does not declare (empty after an apply)."
  value       = module.prod.unmanaged
}
