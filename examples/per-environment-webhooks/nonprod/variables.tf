# Set from your CI's secret store, e.g.
#   export TF_VAR_hosts='{"dev": {"base_url": "https://<dev host>", "subscription_key": "...", "access_token": "..."}, "test": {...}}'
variable "hosts" {
  description = "Each environment's service host (base_url) and its credentials, by environment: dev and test."
  type = map(object({
    base_url         = string
    subscription_key = string
    access_token     = string
  }))
  sensitive = true
  ephemeral = true

  validation {
    condition     = alltrue([for env in ["dev", "test"] : contains(keys(var.hosts), env)])
    error_message = "hosts needs an entry for dev and one for test."
  }
}

variable "client_secrets" {
  description = "The receivers' client secrets, by environment."
  type = object({
    dev  = string
    test = string
  })
  sensitive = true
  ephemeral = true
}

variable "smoke_test_requests" {
  description = "Id of each environment's smoke-test signature request, which carries the environment's metadata."
  type = object({
    dev  = string
    test = string
  })
  default = {
    dev  = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e01"
    test = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e02"
  }
}
