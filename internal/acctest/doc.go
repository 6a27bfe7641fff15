// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package acctest is what the acceptance tests of every package share: one
// emulator of the service per test binary (Main), the provider served
// in-process to the real terraform binary (ProtoV6ProviderFactories),
// provider blocks for a tenant, a TLS receiver for webhook deliveries,
// objects seeded outside Terraform, checks of what reached the emulator, and
// the terraform CLI run as a subprocess for what terraform-plugin-testing
// cannot drive.
//
// Acceptance tests live in external test packages (package webhook_test,
// ...), since this package serves the whole provider and so imports every
// kind. Only tests import it; the provider never does.
package acctest
