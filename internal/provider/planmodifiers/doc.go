// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package planmodifiers holds the provider's own attribute plan modifiers.
package planmodifiers
