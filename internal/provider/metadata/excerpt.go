// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import "strconv"

// quoteExcerpt quotes a value for a message, cut after 200 characters.
func quoteExcerpt(s string) string {
	const limit = 200
	if r := []rune(s); len(r) > limit {
		return strconv.Quote(string(r[:limit])) + " (cut)"
	}
	return strconv.Quote(s)
}
