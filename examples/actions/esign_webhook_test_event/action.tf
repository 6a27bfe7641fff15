# After the subscription is created (or replaced: every change replaces it),
# send its receiver one test event with the subscription's own headers. The
# receiver tells it from a real event by the header X-Esign-Test-Event: true.
resource "esign_webhook_subscription" "signed" {
  event_type = "SignatorySigned"
  uri        = "https://crm.example.com/hooks/signatory-signed"
  headers    = { "X-Client-Secret" = var.crm_client_secret }

  lifecycle {
    create_before_destroy = true

    action_trigger {
      events  = [after_create, after_update]
      actions = [action.esign_webhook_test_event.signed]
    }
  }
}

# Also on demand: terraform apply -invoke=action.esign_webhook_test_event.signed
action "esign_webhook_test_event" "signed" {
  config {
    uri        = esign_webhook_subscription.signed.uri
    event_type = esign_webhook_subscription.signed.event_type
    headers    = esign_webhook_subscription.signed.headers
  }
}

variable "crm_client_secret" {
  type      = string
  sensitive = true
}

# A receiver whose certificate the company's own authority signed: that
# authority is trusted for this action's receiver only, besides the system's
# trust store.
action "esign_webhook_test_event" "internal" {
  config {
    uri         = "https://hooks.corp.example.com/esign/completed"
    event_type  = "SignatureRequestCompleted"
    ca_cert_pem = var.corp_ca_pem
  }
}

variable "corp_ca_pem" {
  type        = string
  description = "PEM certificate of the authority that signed the receiver's certificate, e.g. file(\"corp-ca.pem\")."
}
