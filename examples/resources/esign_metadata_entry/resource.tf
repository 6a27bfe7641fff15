variable "signature_request_id" {
  type    = string
  default = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}

# An entry of the signature request itself: reference_id defaults to
# entity_id, so esign_metadata with reference_id finds it.
resource "esign_metadata_entry" "invoice_number" {
  entity_type = "SignatureRequest"
  entity_id   = var.signature_request_id
  key         = "invoice_number"
  value       = "INV-2024-0042"
}

# An entry of one signatory. reference_id is the id of the signature request
# the signatory belongs to: the reference look-up then returns it together
# with the request's own entries.
resource "esign_metadata_entry" "employee_id" {
  entity_type  = "Signatory"
  entity_id    = "8d0c9a5e-2b7f-4c1e-9f3a-6b1d2e4f5a60"
  key          = "employee_id"
  value        = "E-1187"
  reference_id = var.signature_request_id
}

# An entry of a document (entity_id is the document id the service returned
# when the document was attached).
resource "esign_metadata_entry" "archive_class" {
  entity_type  = "Document"
  entity_id    = "b7e1c2d3-4f5a-4b6c-8d9e-0f1a2b3c4d5e"
  key          = "archive_class"
  value        = "contract-10y"
  reference_id = var.signature_request_id
}
