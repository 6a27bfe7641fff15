// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package auth

import (
	"encoding/base64"
	"testing"
	"time"
)

// expires_at is null for a token that is not a JWT with an exp claim.
func TestJWTExpiry(t *testing.T) {
	claims := func(json string) string { return "h." + base64.RawURLEncoding.EncodeToString([]byte(json)) + ".s" }
	for token, want := range map[string]time.Time{
		claims(`{"exp":1700000000}`):   time.Unix(1700000000, 0),
		claims(`{"exp":1700000000.5}`): time.Unix(1700000000, 0),
		claims(`{"sub":"x"}`):          {},
		"opaque-token":                 {},
		"a.%%%.c":                      {},
	} {
		got, ok := jwtExpiry(token)
		if !got.Equal(want) || ok == want.IsZero() {
			t.Errorf("jwtExpiry(%q) = %v, %t; want %v", token, got, ok, want)
		}
	}
}
