# Test helper: plays someone who adds subscriptions by hand. A run of this
# module keeps a state of its own, so the module under test knows nothing of
# what it creates.
terraform {
  required_providers {
    esign = {
      source  = "esign-oss/esign"
      version = "~> 0.1"
    }
  }
}

variable "uris" {
  type = list(string)
}

resource "esign_webhook_subscription" "by_hand" {
  for_each    = toset(var.uris)
  event_type  = "SignatureRequestCompleted"
  uri         = each.key
  description = "added by hand"
}
