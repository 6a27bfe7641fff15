output "subscription_ids" {
  description = "Subscription id by event type."
  value       = { for event_type, s in esign_webhook_subscription.this : event_type => s.id }
}
