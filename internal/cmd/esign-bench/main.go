// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-bench is `make bench`: against the in-process emulator it applies, plans and destroys
// generated configurations with the esign provider and with the floor (./floor: the same schemas, no work),
// interleaved, times terraform query, and writes bench/results.md. See bench/README.md.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

type options struct {
	terraform, queryTerraform, out, note string
	sizes                                []size
	runs                                 int
	latency                              time.Duration
	keep                                 bool
}

func main() {
	var o options
	sizeFlag := flag.String("size", "both", "small (200 subscriptions, 400 entries on 20 entities), large (1000, 4000 on 100, one exclusive resource), both, or tiny (a smoke test)")
	flag.StringVar(&o.terraform, "terraform", "terraform", "terraform binary (>= 1.11)")
	flag.StringVar(&o.queryTerraform, "query-terraform", "", "terraform >= 1.14 for `terraform query` (make bench: the one make terraform-1.15 unpacks, if it is there); empty skips it")
	flag.IntVar(&o.runs, "runs", 3, "interleaved runs of every command")
	flag.DurationVar(&o.latency, "latency", 20*time.Millisecond, "latency the emulator adds to every request")
	flag.StringVar(&o.out, "out", filepath.Join("bench", "results.md"), "results file (empty: none)")
	flag.StringVar(&o.note, "note", "", "a sentence for the results file, such as how busy the machine was")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directory (configurations, state, a log per command)")
	flag.Parse()
	for _, name := range strings.Split(strings.ReplaceAll(*sizeFlag, "both", "small,large"), ",") {
		s, ok := sizes[name]
		if !ok || o.runs < 1 {
			fmt.Fprintf(os.Stderr, "-size %q: want small, large, both or tiny; -runs: at least 1\n", *sizeFlag)
			os.Exit(2)
		}
		o.sizes = append(o.sizes, s)
	}
	if err := run(context.Background(), o); err != nil {
		fmt.Fprintln(os.Stderr, "bench failed:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) (err error) {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	b := &bench{options: o, machine: describeMachine(o.terraform)}
	w, err := devprovider.NewWorkDir(ctx, repo, "esign-bench-", o.keep, os.Stdout)
	if err != nil {
		return err
	}
	defer w.Close()
	b.work, b.floorSchema = w.Path, filepath.Join(w.Path, "schema.json")
	floorPlugins := filepath.Join(w.Path, "floor-plugins")
	if _, err := devprovider.Build(ctx, repo, "./internal/cmd/esign-bench/floor", floorPlugins, os.Stdout); err != nil {
		return err
	}
	b.esign, err = b.setup(o.terraform, "esign", w.PluginDir)
	if err == nil {
		b.floor, err = b.setup(o.terraform, "floor", floorPlugins)
	}
	if err == nil && o.queryTerraform != "" {
		b.query, err = b.setup(o.queryTerraform, "query", w.PluginDir)
		b.queryVersion = terraformVersion(o.queryTerraform)
	}
	if err == nil {
		err = b.floorSchemas(ctx)
	}
	if err == nil {
		b.emu, err = emulator.New(emulator.Options{Faults: emulator.FaultConfig{Latency: o.latency}})
	}
	if err != nil {
		return err
	}
	defer func() { _ = b.emu.Close() }()
	if b.url, err = b.emu.Start("127.0.0.1:0"); err != nil {
		return err
	}
	for _, s := range o.sizes {
		r, err := b.measure(ctx, s)
		if err != nil {
			return fmt.Errorf("%s: %w (the logs are in %s with -keep)", s.name, err, filepath.Join(b.work, "logs"))
		}
		b.results = append(b.results, r)
	}
	b.loadAtEnd = loadAverage()
	text := b.markdown()
	fmt.Print("\n", text)
	if o.out != "" {
		err = os.WriteFile(o.out, []byte(text), 0o600)
	}
	return err
}

// floorSchemas writes the esign provider's schemas where the floor reads them, then checks that Terraform
// sees the floor's schemas as the provider's, byte for byte. (From Terraform 1.12 on the provider also has
// resource identities, list resources and actions; the floor has none.)
func (b *bench) floorSchemas(ctx context.Context) error {
	dir := filepath.Join(b.work, "schemas")
	if err := writeFile(filepath.Join(dir, "main.tf"), providerBlock); err != nil {
		return err
	}
	want, err := b.tf(ctx, b.esign, dir, "schema-esign", nil, "providers", "schema", "-json")
	if err == nil {
		err = writeFile(b.floorSchema, want.stdout)
	}
	if err != nil {
		return err
	}
	got, err := b.tf(ctx, b.floor, dir, "schema-floor", nil, "providers", "schema", "-json")
	var schemas [2]struct {
		Providers map[string]map[string]json.RawMessage `json:"provider_schemas"`
	}
	for i, o := range []outcome{want, got} {
		err = cmp.Or(err, json.Unmarshal([]byte(o.stdout), &schemas[i]))
	}
	for _, kind := range []string{"provider", "resource_schemas", "data_source_schemas", "ephemeral_resource_schemas"} {
		if w, g := schemas[0].Providers[devprovider.Address][kind], schemas[1].Providers[devprovider.Address][kind]; err == nil && !bytes.Equal(w, g) {
			err = fmt.Errorf("the floor's %s differ from the provider's: compare logs/schema-*.log with -keep", kind)
		}
	}
	return err
}
