environment       = "dev"
receiver_base_url = "https://dev.app.example.com/hooks"
event_types       = ["SignatureRequestCompleted", "SignatorySigned"]
on_unmanaged      = "warn"
metadata = [
  { entity_type = "SignatureRequest", entity_id = "0b7f6c1e-5d2a-4e8b-9c3f-1a2b3c4d5e01", key = "environment", value = "dev" },
]
