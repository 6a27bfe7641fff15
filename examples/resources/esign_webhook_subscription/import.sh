# With the event type and the subscription id (any case for the event type):
terraform import esign_webhook_subscription.archive SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301

# With the id alone; the provider looks the event type up:
terraform import esign_webhook_subscription.archive 3f2504e0-4f89-11d3-9a0c-0305e82c3301
