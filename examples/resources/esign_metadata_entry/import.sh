# The import ID is <entity_type>/<entity_id>/<key>; entity_type accepts any
# case. The first segment is the entity type and the last one the key, so an
# entity_id containing "/" is written as it is (everything in between).
terraform import esign_metadata_entry.invoice_number SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number

# reference_id is not returned by the service: after importing a Signatory or
# Document entry it is null until the configuration sets it (the next apply
# then writes it in place).
terraform import esign_metadata_entry.employee_id signatory/8d0c9a5e-2b7f-4c1e-9f3a-6b1d2e4f5a60/employee_id
