// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

type bench struct {
	options
	machine, queryVersion, loadAtEnd string
	work, url, floorSchema           string
	emu                              *emulator.Emulator
	esign, floor, query              *setup
	results                          []result
}

// sample is one timed command; result is a size's samples by command, in run order.
type (
	sample struct {
		seconds  float64
		requests map[string]int // the emulator's count by route
		writes   int
		rss      int
	}
	result struct {
		size  size
		runs  map[string][]sample
		notes []string
	}
)

// measure runs every command of a size once per run, in the same order each run, so that the provider and
// the floor see the same machine.
func (b *bench) measure(ctx context.Context, s size) (result, error) {
	fmt.Printf("\n==> %s: %s\n", s.name, s)
	dir := func(name string) string { return filepath.Join(b.work, s.name, name) }
	for path, text := range map[string]string{"esign/main.tf": s.config(), "floor/main.tf": s.config(),
		"query/main.tf": providerBlock, "query/all.tfquery.hcl": s.queryFile()} {
		if err := writeFile(dir(path), text); err != nil {
			return result{}, err
		}
	}
	apply := []string{"apply", "-auto-approve", "-input=false", "-no-color"}
	destroy := append([]string{"destroy"}, apply[1:]...)
	plan := []string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}
	noRefresh := append(slices.Clip(plan), "-refresh=false")
	commands := []struct {
		name string
		s    *setup
		dir  string
		args []string
	}{
		{"apply", b.esign, "esign", apply}, {"floor apply", b.floor, "floor", apply},
		{"plan", b.esign, "esign", plan}, {"floor plan", b.floor, "floor", plan},
		{"plan -refresh=false", b.esign, "esign", noRefresh}, {"floor plan -refresh=false", b.floor, "floor", noRefresh},
		{"query", b.query, "query", []string{"query", "-no-color"}},
		{"destroy", b.esign, "esign", destroy}, {"floor destroy", b.floor, "floor", destroy},
	}
	r := result{size: s, runs: map[string][]sample{}}
	for i := range b.runs {
		tenant := b.emu.NewTenant() // each run starts from an empty service
		key := tenant.SubscriptionKey
		env := []string{"ESIGN_BASE_URL=" + b.url, "ESIGN_SUBSCRIPTION_KEY=" + key, "ESIGN_ACCESS_TOKEN=" + tenant.AccessToken}
		for _, c := range commands {
			if c.s == nil { // no -query-terraform
				continue
			}
			b.emu.ResetCounters(key)
			o, err := b.tf(ctx, c.s, dir(c.dir), fmt.Sprintf("%s-%d-%s", s.name, i+1, strings.ReplaceAll(c.name, " ", "_")), env, c.args...)
			if err != nil {
				return r, err
			}
			switch c.name {
			case "apply":
				err = b.holds(key, s.subscriptions, s.entries)
			case "destroy":
				err = b.holds(key, 0, s.entries) // the service cannot delete an entry: a destroy forgets it
			}
			if err != nil {
				return r, fmt.Errorf("after %s: %w", c.name, err)
			}
			if o.changes {
				r.notes = append(r.notes, fmt.Sprintf("run %d: `%s` planned changes", i+1, c.name))
			}
			if found := strings.Count("\n"+o.stdout, "\nlist.esign_webhook_subscription.all "); c.name == "query" && found != s.subscriptions {
				r.notes = append(r.notes, fmt.Sprintf("run %d: terraform query listed %d subscriptions, want %d", i+1, found, s.subscriptions))
			}
			smp := sample{seconds: o.seconds, requests: b.emu.Counters(key), writes: b.emu.Writes(key), rss: o.rss}
			r.runs[c.name] = append(r.runs[c.name], smp)
			fmt.Printf("run %d  %-26s %7.2f s  %5d requests  provider peak RSS %s\n", i+1, c.name, smp.seconds, total(smp), mb(smp.rss))
		}
	}
	return r, nil
}

// holds checks that the service holds what the provider applied.
func (b *bench) holds(key string, subscriptions, entries int) error {
	if got, gotEntries := len(b.emu.Subscriptions(key)), len(b.emu.Metadata(key)); got != subscriptions || gotEntries != entries {
		return fmt.Errorf("the emulator holds %d subscriptions and %d entries, want %d and %d", got, gotEntries, subscriptions, entries)
	}
	return nil
}
