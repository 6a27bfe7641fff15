// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package validators holds the provider's own attribute rules. Where a value is
// checked outside a schema (environment, import ID) the same function runs.
package validators
