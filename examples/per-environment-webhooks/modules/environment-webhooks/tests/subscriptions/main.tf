# Test helper: what the service holds, read without any state.
terraform {
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

# The provider reads ESIGN_*; credentials, when given, pick another tenant
# (another environment) on the same host.
provider "esign" {
  subscription_key = try(var.credentials.subscription_key, null)
  access_token     = try(var.credentials.access_token, null)
}

variable "credentials" {
  type = object({
    subscription_key = string
    access_token     = string
  })
  default   = null
  sensitive = true
}

data "esign_webhook_subscriptions" "all" {}

output "uris" {
  value = sort([for s in data.esign_webhook_subscriptions.all.subscriptions : s.uri])
}
