output "subscription_ids" {
  description = "Subscription ids by environment and event type."
  value = {
    dev  = module.dev.subscription_ids
    test = module.test.subscription_ids
  }
}
