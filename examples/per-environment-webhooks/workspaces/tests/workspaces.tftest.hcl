# Run as a pipeline runs this layout: in the environment's workspace, with
# its tfvars, the provider's settings from ESIGN_*:
#
#   TF_WORKSPACE=dev terraform test -var-file=dev.tfvars
#   TF_WORKSPACE=prod terraform test -var-file=prod.tfvars
variables {
  client_secret = "not-a-secret"
}

run "apply" {
  assert {
    condition     = toset(keys(output.subscription_ids)) == toset(var.event_types)
    error_message = "Expected a subscription for each of ${jsonencode(var.event_types)}, got ${jsonencode(keys(output.subscription_ids))}."
  }
}

# Another environment's tfvars in this workspace: the plan stops.
run "tfvars_of_another_environment" {
  command = plan

  variables {
    environment = "not-${var.environment}"
  }

  expect_failures = [output.environment]
}
