# Log in once with the default provider configuration (its login block, or
# ESIGN_USERNAME, ESIGN_PASSWORD and ESIGN_TENANT_ID) and hand the token to
# another configuration, here one with the subscription key of another API
# product. The token is never written to a plan or state file.
ephemeral "esign_access_token" "automation" {}

provider "esign" {
  alias            = "reporting"
  base_url         = "https://api.esign.example.com"
  subscription_key = var.reporting_subscription_key
  access_token     = ephemeral.esign_access_token.automation.token
}

data "esign_webhook_subscriptions" "reporting" {
  provider = esign.reporting
}

variable "reporting_subscription_key" {
  type      = string
  sensitive = true
}
