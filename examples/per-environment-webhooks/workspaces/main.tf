# The alternative: one configuration for every environment, a workspace per
# environment (each with its own state in the same backend), and the
# environment's values in <environment>.tfvars:
#
#   terraform workspace select -or-create prod
#   terraform apply -var-file=prod.tfvars
#
# The service host and its credentials come from the environment of the run
# (ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY, ESIGN_ACCESS_TOKEN), which the
# pipeline sets per environment.
terraform {
  required_version = ">= 1.11"
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

provider "esign" {}

module "webhooks" {
  source = "../modules/environment-webhooks"

  environment           = var.environment
  receiver_base_url     = var.receiver_base_url
  event_types           = var.event_types
  client_id             = "esign-${var.environment}"
  client_secret         = var.client_secret
  client_secret_version = var.client_secret_version
  on_unmanaged          = var.on_unmanaged
  metadata              = var.metadata
}

# The one mistake this layout invites: the tfvars of one environment applied
# in the workspace (the state) of another. The plan stops before it.
output "environment" {
  description = "The environment this workspace manages."
  value       = var.environment

  precondition {
    condition     = terraform.workspace == var.environment
    error_message = "The selected workspace is \"${terraform.workspace}\" but the variables are for \"${var.environment}\": select the workspace that matches the -var-file (terraform workspace select ${var.environment})."
  }
}

output "subscription_ids" {
  description = "Subscription ids by event type."
  value       = module.webhooks.subscription_ids
}

output "unmanaged" {
  description = "Subscriptions to the environment's receiver that Terraform does not declare."
  value       = module.webhooks.unmanaged
}
