// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"strings"
	"testing"
)

// The dev_overrides warning box goes, coloured or not, whatever the write boundaries.
func TestOverridesFilterDropsOnlyTheOverridesWarning(t *testing.T) {
	const overrides = "\x1b[33m╷\x1b[0m\x1b[0m\n" +
		"\x1b[33m│\x1b[0m \x1b[0m\x1b[1m\x1b[33mWarning: \x1b[0m\x1b[0m\x1b[1mProvider development overrides are in effect\x1b[0m\n" +
		"\x1b[33m│\x1b[0m \x1b[0m - esign-oss/esign in /tmp/esign-demo-1/plugins\n" +
		"\x1b[33m╵\x1b[0m\x1b[0m\n"
	const other = "╷\n│ Warning: Metadata entry kept on the service\n│\n│ The value stays.\n╵\n"
	const plain = "data.esign_supported_hooks.all: Reading...\nNo changes. Your infrastructure matches the configuration.\n"
	const unended = "Apply complete! Resources: 6 added"

	input := overrides + plain + other + unended
	for _, size := range []int{1, 7, len(input)} {
		var out strings.Builder
		f := &overridesFilter{out: &out}
		for i := 0; i < len(input); i += size {
			if _, err := f.Write([]byte(input[i:min(i+size, len(input))])); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Flush(); err != nil {
			t.Fatal(err)
		}
		if want := plain + other + unended; out.String() != want {
			t.Errorf("writes of %d bytes:\n got %q\nwant %q", size, out.String(), want)
		}
	}
}

// A box cut off by the end of the output is shown, not lost.
func TestOverridesFilterKeepsAnUnclosedBox(t *testing.T) {
	var out strings.Builder
	f := &overridesFilter{out: &out}
	const cut = "╷\n│ Error: Failed to load plugin schemas\n"
	_, _ = f.Write([]byte(cut))
	_ = f.Flush()
	if out.String() != cut {
		t.Errorf("got %q, want %q", out.String(), cut)
	}
}
