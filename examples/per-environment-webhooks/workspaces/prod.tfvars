environment       = "prod"
receiver_base_url = "https://app.example.com/hooks"
event_types       = ["SignatureRequestCompleted"]
on_unmanaged      = "delete"
metadata = [
  { entity_type = "SignatureRequest", entity_id = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e03", key = "environment", value = "prod" },
]
