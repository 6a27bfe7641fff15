// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document

// MaxInlineContent is what the external tests of this package (package document_test) check against.
const MaxInlineContent = maxInlineContent
