variable "environment" {
  description = "The environment: also the name of its workspace."
  type        = string
}

variable "receiver_base_url" {
  description = "https:// base URL of the environment's webhook receiver."
  type        = string
}

variable "event_types" {
  description = "Event types the environment subscribes to."
  type        = list(string)
}

variable "client_secret" {
  description = "The environment receiver's client secret (TF_VAR_client_secret, from the pipeline's secrets)."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "client_secret_version" {
  description = "Bump after rotating client_secret."
  type        = number
  default     = 1
}

variable "on_unmanaged" {
  description = "What to do about a subscription to the receiver that Terraform does not declare: \"delete\", \"warn\" or \"fail\"."
  type        = string
}

variable "metadata" {
  description = "Metadata entries the environment keeps on its service host."
  type = list(object({
    entity_type  = string
    entity_id    = string
    key          = string
    value        = string
    reference_id = optional(string)
  }))
  default = []
}
