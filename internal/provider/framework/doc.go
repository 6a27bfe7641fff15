// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package framework is what the provider's kinds (webhook, metadata, document)
// share on top of terraform-plugin-framework. It names no kind.
package framework
