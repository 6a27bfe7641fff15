output "subscription_ids" {
  description = "Subscription id by event type."
  value       = { for event_type, s in esign_webhook_subscription.this : event_type => s.id }
}

output "unmanaged" {
  description = "Subscriptions to the receiver that this module does not declare, as last read (empty after an apply with on_unmanaged = \"delete\")."
  value       = esign_webhook_subscriptions_exclusive.this.unmanaged
}

output "metadata_ids" {
  description = "Ids (<entity_type>/<entity_id>/<key>) of the metadata entries."
  value       = [for m in esign_metadata_entry.this : m.id]
}
