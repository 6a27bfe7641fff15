variable "environment" {
  description = "Name of the environment, used in the subscriptions' descriptions."
  type        = string
}

variable "receiver_base_url" {
  description = "https:// base URL of the environment's webhook receiver; each event type gets the path /esign/<event type>."
  type        = string

  validation {
    condition     = startswith(var.receiver_base_url, "https://")
    error_message = "receiver_base_url must start with https://."
  }
}

variable "event_types" {
  description = "Event types to subscribe to, in any case (the provider checks them against GET /hooks/v1 at plan time)."
  type        = list(string)
  default     = ["SignatureRequestCompleted", "SignatorySigned"]
}

variable "on_unmanaged" {
  description = "What to do about a subscription to the receiver that this module does not declare: \"delete\" (the apply deletes it), \"warn\" (the plan warns, the apply leaves it) or \"fail\" (the plan fails)."
  type        = string
  default     = "delete"

  validation {
    condition     = contains(["delete", "warn", "fail"], var.on_unmanaged)
    error_message = "on_unmanaged must be \"delete\", \"warn\" or \"fail\"."
  }
}

variable "client_id" {
  description = "Sent as the client-id header with every event."
  type        = string
}

variable "client_secret" {
  description = "Sent as the client-secret header with every event; never stored in plan or state."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "client_secret_version" {
  description = "Change it after rotating client_secret to send the new value (replaces the subscriptions)."
  type        = number
  default     = 1
}

variable "metadata" {
  description = "Metadata entries this environment keeps on its service host (reference_id: the signature request a signatory's or document's entry belongs to; null for a signature request's own entry)."
  type = list(object({
    entity_type  = string
    entity_id    = string
    key          = string
    value        = string
    reference_id = optional(string)
  }))
  default = []
}
