# The entries of one entity, as a map for lookups.
data "esign_metadata" "request" {
  entity_type = "SignatureRequest"
  entity_id   = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}

output "invoice_number" {
  value = lookup(data.esign_metadata.request.values, "invoice_number", null)
}

# Every entry of a signature request, its signatories and its documents
# (those written with this reference_id).
data "esign_metadata" "whole_request" {
  reference_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}

output "entries_by_entity" {
  value = {
    for item in data.esign_metadata.whole_request.items :
    "${item.entity_type}/${item.entity_id}/${item.key}" => item.value
  }
}
