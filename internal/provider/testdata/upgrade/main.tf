# The configuration every state fixture of this folder was applied with (by
# the provider version each is named after; scripts/capture-state-fixture.sh)
# and TestAccUpgradeFromEarlierStates plans with the current provider. It
# uses only what the first provider version with resources knew, so that
# every version can apply it. Credentials come from ESIGN_* variables.

variable "uri" {
  type = string
}

resource "esign_webhook_subscription" "s" {
  count       = 3
  event_type  = "SignatureRequestCompleted"
  uri         = "${var.uri}/${count.index}"
  description = "upgrade ${count.index}"
  headers     = { "X-Client" = "upgrade" }
}

resource "esign_metadata_entry" "e" {
  count       = 14
  entity_type = "Document"
  entity_id   = "doc-1"
  key         = "k${count.index}"
  value       = "v${count.index}"
}

resource "esign_metadata_entry" "request" {
  entity_type = "SignatureRequest"
  entity_id   = "sr-1"
  key         = "owner"
  value       = "platform"
}
