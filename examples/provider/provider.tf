terraform {
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

# Credentials are best kept out of configuration: set ESIGN_BASE_URL,
# ESIGN_SUBSCRIPTION_KEY and ESIGN_ACCESS_TOKEN (or the ESIGN_USERNAME,
# ESIGN_PASSWORD, ESIGN_TENANT_ID login variables) in the environment.
provider "esign" {
  base_url = "https://api.esign.example.com"
}

# Or log in with a user: the provider fetches a token itself and logs in
# again when a call answers 401 (tokens live 30 minutes).
provider "esign" {
  alias            = "login"
  base_url         = "https://api.esign.example.com"
  subscription_key = var.subscription_key

  login {
    username  = "automation@example.com"
    password  = var.password
    tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }

  max_retries     = 6
  request_timeout = "60s"
}

variable "subscription_key" {
  type      = string
  sensitive = true
}

variable "password" {
  type      = string
  sensitive = true
}
