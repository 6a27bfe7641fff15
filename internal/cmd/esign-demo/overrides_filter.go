// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"io"
	"strings"
)

// overridesWarning is the title of the warning terraform (and tofu) print on
// stdout for every command run with dev_overrides. The demo shows it once,
// with a word on why, and drops it from the commands after the first.
const overridesWarning = "Provider development overrides are in effect"

// overridesFilter passes terraform's output on to out, except the box of the
// dev_overrides warning. A diagnostic box runs from a line holding "╷" to a
// line holding "╵" (with or without colour codes around them); a box is held
// back until it ends and then dropped if it is that warning. Other warnings
// and every error pass.
type overridesFilter struct {
	out     io.Writer
	partial []byte   // a line not yet ended
	box     []string // lines of an open box, each with its newline
}

func (f *overridesFilter) Write(p []byte) (int, error) {
	f.partial = append(f.partial, p...)
	for {
		i := bytes.IndexByte(f.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(f.partial[:i+1])
		f.partial = f.partial[i+1:]
		if err := f.line(line); err != nil {
			return len(p), err
		}
	}
}

func (f *overridesFilter) line(l string) error {
	switch {
	case f.box == nil && strings.Contains(l, "╷"):
		f.box = []string{l}
		return nil
	case f.box == nil:
		_, err := io.WriteString(f.out, l)
		return err
	}
	f.box = append(f.box, l)
	if !strings.Contains(l, "╵") {
		return nil
	}
	box := strings.Join(f.box, "")
	f.box = nil
	if strings.Contains(box, overridesWarning) {
		return nil
	}
	_, err := io.WriteString(f.out, box)
	return err
}

// Flush passes on what is held back when the output ends: an unended line,
// or a box that never closed (so that nothing is lost).
func (f *overridesFilter) Flush() error {
	rest := strings.Join(f.box, "") + string(f.partial)
	f.box, f.partial = nil, nil
	_, err := io.WriteString(f.out, rest)
	return err
}
