output "subscription_ids" {
  description = "Subscription ids by environment and event type."
  value = {
    dev  = module.dev.subscription_ids
    test = module.test.subscription_ids
  }
}

output "unmanaged" {
  description = "Subscriptions to each environment's receiver that Terraform does not declare (on_unmanaged = \"warn\" leaves them)."
  value = {
    dev  = module.dev.unmanaged
    test = module.test.unmanaged
  }
}
