# The entries of one entity.
list "esign_metadata_entry" "invoice" {
  provider = esign

  config {
    entity_type = "SignatureRequest"
    entity_id   = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }
}

# The entries of a signature request, its signatories and its documents,
# written with its id as reference id.
list "esign_metadata_entry" "request" {
  provider = esign

  config {
    reference_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }
}
