output "subscription_ids" {
  description = "Subscription id by event type."
  value       = { for event_type, s in esign_webhook_subscription.this : event_type => s.id }
}

output "metadata_ids" {
  description = "Ids (<entity_type>/<entity_id>/<key>) of the metadata entries."
  value       = [for m in esign_metadata_entry.this : m.id]
}
