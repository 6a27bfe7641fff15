// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// heldAnswersFlag is the value of -hold-answers: route=duration pairs
// separated by commas ("POST /hooks/v1/subscription=3s"). Route names hold
// spaces, braces and slashes, but never a comma or "=".
type heldAnswersFlag map[string]time.Duration

func (f *heldAnswersFlag) String() string {
	if f == nil || len(*f) == 0 {
		return ""
	}
	pairs := make([]string, 0, len(*f))
	for _, route := range slices.Sorted(maps.Keys(*f)) {
		pairs = append(pairs, route+"="+(*f)[route].String())
	}
	return strings.Join(pairs, ",")
}

// Set reads the whole list; the emulator checks the route names.
func (f *heldAnswersFlag) Set(value string) error {
	holds := heldAnswersFlag{}
	for _, pair := range strings.Split(value, ",") {
		if strings.TrimSpace(pair) == "" {
			continue
		}
		route, raw, ok := strings.Cut(pair, "=")
		if !ok {
			return fmt.Errorf("%q is not route=duration", pair)
		}
		d, err := time.ParseDuration(strings.TrimSpace(raw))
		if err != nil || d < 0 {
			return fmt.Errorf("%q: the duration must be a Go duration such as 3s", pair)
		}
		holds[strings.TrimSpace(route)] = d
	}
	*f = holds
	return nil
}
