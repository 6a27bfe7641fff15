# Every event type this environment supports (GET /hooks/v1).
data "esign_supported_hooks" "all" {}

output "event_types" {
  value = data.esign_supported_hooks.all.event_types
}

# The payload schema of one event, decoded.
output "completed_payload_schema" {
  value = jsondecode([
    for h in data.esign_supported_hooks.all.hooks : h.payload_schema_json
    if h.event_type == "signaturerequestcompleted"
  ][0])
}
