# Webhook subscriptions for several application environments, declared once
# in a module and instantiated per environment with for_each.
# How to run it: see README.md in this folder.
terraform {
  required_version = ">= 1.11"
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

# Configured from ESIGN_BASE_URL, ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN.
provider "esign" {}

locals {
  environments = {
    dev = {
      receiver_base_url     = "https://dev.app.example.com/hooks"
      event_types           = ["SignatureRequestCompleted", "SignatorySigned"]
      client_secret_version = 1
    }
    staging = {
      receiver_base_url     = "https://staging.app.example.com/hooks"
      event_types           = ["SignatureRequestCompleted", "SignatorySigned"]
      client_secret_version = 1
    }
    prod = {
      receiver_base_url     = "https://app.example.com/hooks"
      event_types           = ["SignatureRequestCompleted"]
      client_secret_version = 1
    }
  }
}

variable "client_secrets" {
  description = "The receiver's client secret per environment (a key for each of local.environments)."
  type        = map(string)
  sensitive   = true
  ephemeral   = true
}

module "webhooks" {
  source   = "./modules/environment-webhooks"
  for_each = local.environments

  environment           = each.key
  receiver_base_url     = each.value.receiver_base_url
  event_types           = each.value.event_types
  client_id             = "esign-${each.key}"
  client_secret         = var.client_secrets[each.key]
  client_secret_version = each.value.client_secret_version
}

output "subscription_ids" {
  description = "Subscription ids by environment and event type."
  value       = { for env, m in module.webhooks : env => m.subscription_ids }
}
