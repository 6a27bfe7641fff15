# dev and test, each on its own service host with its own credentials,
# managed together in one configuration and one state: one aliased provider
# per host, one module call per environment. prod lives apart (../prod).
terraform {
  required_version = ">= 1.11"
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }

  # One state for dev and test, e.g. in your team's bucket:
  # backend "s3" {
  #   bucket = "example-terraform-state"
  #   key    = "esign/nonprod.tfstate"
  #   region = "eu-central-1"
  # }
}

# A provider configuration cannot be chosen with for_each, so each host gets
# its own block, and each module call names the one it uses. The credentials
# come from ephemeral variables: they reach the provider but no plan file and
# no state.
provider "esign" {
  alias            = "dev"
  base_url         = var.hosts["dev"].base_url
  subscription_key = var.hosts["dev"].subscription_key
  access_token     = var.hosts["dev"].access_token
}

provider "esign" {
  alias            = "test"
  base_url         = var.hosts["test"].base_url
  subscription_key = var.hosts["test"].subscription_key
  access_token     = var.hosts["test"].access_token
}

module "dev" {
  source    = "../modules/environment-webhooks"
  providers = { esign = esign.dev }

  environment           = "dev"
  receiver_base_url     = "https://dev.app.example.com/hooks"
  event_types           = ["SignatureRequestCompleted", "SignatorySigned"]
  client_id             = "esign-dev"
  client_secret         = var.client_secrets.dev
  client_secret_version = 1
  on_unmanaged          = "warn" # people try things by hand here: show them, delete nothing
  metadata = [
    { entity_type = "SignatureRequest", entity_id = var.smoke_test_requests.dev, key = "environment", value = "dev" },
  ]
}

module "test" {
  source    = "../modules/environment-webhooks"
  providers = { esign = esign.test }

  environment           = "test"
  receiver_base_url     = "https://test.app.example.com/hooks"
  event_types           = ["SignatureRequestCompleted", "SignatorySigned"]
  client_id             = "esign-test"
  client_secret         = var.client_secrets.test
  client_secret_version = 1
  on_unmanaged          = "warn" # people try things by hand here: show them, delete nothing
  metadata = [
    { entity_type = "SignatureRequest", entity_id = var.smoke_test_requests.test, key = "environment", value = "test" },
  ]
}
