# Metadata on a signature request, one of its signatories and one of its
# documents. reference_id ties the signatory's and the document's entries to
# the request, so one look-up by reference returns all three.

resource "esign_metadata_entry" "request_cost_center" {
  entity_type = "SignatureRequest"
  entity_id   = var.signature_request_id
  key         = "cost-center"
  value       = "CC-4711"
}

resource "esign_metadata_entry" "signatory_role" {
  entity_type  = "Signatory"
  entity_id    = var.signatory_id
  key          = "role"
  value        = "approver"
  reference_id = var.signature_request_id
}

resource "esign_metadata_entry" "document_class" {
  entity_type  = "Document"
  entity_id    = var.document_id
  key          = "classification"
  value        = "confidential"
  reference_id = var.signature_request_id
}

data "esign_metadata" "by_reference" {
  reference_id = var.signature_request_id

  depends_on = [
    esign_metadata_entry.request_cost_center,
    esign_metadata_entry.signatory_role,
    esign_metadata_entry.document_class,
  ]
}

output "metadata_by_reference" {
  value = { for item in data.esign_metadata.by_reference.items : "${item.entity_type}/${item.key}" => item.value }
}
