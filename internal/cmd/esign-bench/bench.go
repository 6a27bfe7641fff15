// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The measured variants, in the order each run goes through them.
const (
	vRefresh        = "refresh"
	vNoRefresh      = "norefresh"
	vFloorRefresh   = "floor"
	vFloorNoRefresh = "floor-norefresh"
	vData           = "terraform_data"
	vNaive          = "naive"
)

var variantOrder = []string{vRefresh, vNoRefresh, vFloorRefresh, vFloorNoRefresh, vData, vNaive}

var variantLabels = map[string]string{
	vRefresh:        "terraform plan",
	vNoRefresh:      "terraform plan -refresh=false",
	vFloorRefresh:   "floor: terraform plan",
	vFloorNoRefresh: "floor: terraform plan -refresh=false",
	vData:           "terraform_data: terraform plan -refresh=false",
	vNaive:          "naive peer: terraform plan, ESIGN_DISABLE_READ_COALESCING=true",
	vQuery:          "terraform query (every subscription)",
	vQueryPlan:      "terraform plan -refresh=false (as many subscriptions)",
}

// measurement is one timed plan.
type measurement struct {
	Seconds   float64
	Requests  int
	ByRoute   map[string]int
	Processes int
	PeakRSS   int64
	CPU       time.Duration
	Changes   bool // the plan was not empty
}

type sizeResult struct {
	Size       size
	ApplyTime  time.Duration
	Runs       map[string][]measurement
	Notes      []string
	RunsWanted int
}

type service struct {
	emu *emulator.Emulator
	url string
}

func startService(latency time.Duration) (*service, error) {
	emu, err := emulator.New(emulator.Options{Faults: emulator.FaultConfig{Latency: latency}})
	if err != nil {
		return nil, err
	}
	url, err := emu.Start("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return &service{emu: emu, url: url}, nil
}

func (s *service) Close() { _ = s.emu.Close() }

func benchSize(ctx context.Context, o options, tf, floor, profiled *tfRunner, query queryTerraform, svc *service, dir string, s size) (*sizeResult, error) {
	step(fmt.Sprintf("%s: %s", s.Name, s.describe()))
	tenant := svc.emu.NewTenant() // fresh state and counters for this size
	esignDir, floorDir, dataDir := filepath.Join(dir, "esign"), filepath.Join(dir, "floor"), filepath.Join(dir, "terraform_data")
	if err := writeConfig(esignDir, esignConfig(s)); err != nil {
		return nil, err
	}
	if err := writeConfig(floorDir, floorConfig(s)); err != nil {
		return nil, err
	}
	if err := writeConfig(dataDir, dataConfig(s)); err != nil {
		return nil, err
	}
	env := []string{
		"ESIGN_BASE_URL=" + svc.url,
		"ESIGN_SUBSCRIPTION_KEY=" + tenant.SubscriptionKey,
		"ESIGN_ACCESS_TOKEN=" + tenant.AccessToken,
	}
	env = append(env, o.providerEnv...)
	res := &sizeResult{Size: s, Runs: map[string][]measurement{}, RunsWanted: o.runs}

	// Setup, not measured. With dev_overrides the esign directory needs no
	// init; terraform_data is built in, its init downloads nothing.
	fmt.Printf("applying %d esign resources, then as many floor and terraform_data resources (-parallelism=%d)...\n", s.Resources(), o.applyParallelism)
	applied, err := tf.run(ctx, esignDir, env, s.Name+"-apply-esign", "apply", "-input=false", "-auto-approve", "-no-color",
		fmt.Sprintf("-parallelism=%d", o.applyParallelism))
	if err != nil {
		return nil, err
	}
	res.ApplyTime = applied.Elapsed
	if got, want := len(svc.emu.Subscriptions(tenant.SubscriptionKey)), s.Subscriptions; got != want {
		return nil, fmt.Errorf("the emulator holds %d subscriptions after apply, want %d", got, want)
	}
	if got, want := len(svc.emu.Metadata(tenant.SubscriptionKey)), s.Entries; got != want {
		return nil, fmt.Errorf("the emulator holds %d metadata entries after apply, want %d", got, want)
	}
	fmt.Printf("applied in %s\n", applied.Elapsed.Round(100*time.Millisecond))
	// The floor needs no init either (dev_overrides).
	if _, err := floor.run(ctx, floorDir, nil, s.Name+"-apply-floor", "apply", "-input=false", "-auto-approve", "-no-color",
		fmt.Sprintf("-parallelism=%d", o.applyParallelism)); err != nil {
		return nil, err
	}
	if _, err := tf.run(ctx, dataDir, nil, s.Name+"-init-data", "init", "-input=false", "-no-color"); err != nil {
		return nil, err
	}
	if _, err := tf.run(ctx, dataDir, nil, s.Name+"-apply-data", "apply", "-input=false", "-auto-approve", "-no-color",
		fmt.Sprintf("-parallelism=%d", o.applyParallelism)); err != nil {
		return nil, err
	}

	plan := []string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}
	noRefresh := append(plan[:len(plan):len(plan)], "-refresh=false")
	variants := map[string]struct {
		tf   *tfRunner
		dir  string
		env  []string
		args []string
	}{
		vRefresh:        {tf, esignDir, env, plan},
		vNoRefresh:      {tf, esignDir, env, noRefresh},
		vFloorRefresh:   {floor, floorDir, nil, plan},
		vFloorNoRefresh: {floor, floorDir, nil, noRefresh},
		vData:           {tf, dataDir, nil, noRefresh},
		vNaive:          {tf, esignDir, append(env[:len(env):len(env)], "ESIGN_DISABLE_READ_COALESCING=true"), plan},
	}
	for i := range o.runs {
		for _, name := range variantOrder {
			v := variants[name]
			svc.emu.ResetCounters(tenant.SubscriptionKey)
			logName := fmt.Sprintf("%s-%s-%d", s.Name, name, i+1)
			r, err := v.tf.run(ctx, v.dir, v.env, logName, v.args...)
			if err != nil {
				return nil, err
			}
			counters := svc.emu.Counters(tenant.SubscriptionKey)
			m := measurement{Seconds: r.Elapsed.Seconds(), ByRoute: maps.Clone(counters), Processes: r.Processes,
				PeakRSS: r.PeakRSS, CPU: r.CPU, Changes: r.ExitCode == 2}
			for _, n := range counters {
				m.Requests += n
			}
			if m.Changes {
				res.Notes = append(res.Notes, fmt.Sprintf("run %d of %q planned changes right after apply: a provider bug (see %s with -keep)",
					i+1, variantLabels[name], filepath.Join(v.tf.logDir, logName+".log")))
			}
			res.Runs[name] = append(res.Runs[name], m)
			fmt.Printf("run %d  %-64s %6.2f s  %5d requests  provider: %d process(es), peak RSS %s, CPU %.2f s\n",
				i+1, variantLabels[name], m.Seconds, m.Requests, m.Processes, mb(m.PeakRSS), m.CPU.Seconds())
		}
	}

	if query.runner != nil {
		if err := benchQuery(ctx, o, query, svc, tenant, env, filepath.Join(dir, "query"), res); err != nil {
			return nil, fmt.Errorf("terraform query: %w", err)
		}
	}

	if profiled != nil {
		for _, name := range []string{vRefresh, vNoRefresh} {
			v := variants[name]
			out := filepath.Join(o.profile, s.Name+"-"+name)
			if err := os.MkdirAll(out, 0o750); err != nil {
				return nil, err
			}
			env := append(v.env[:len(v.env):len(v.env)], "ESIGN_BENCH_PROFILE_DIR="+out)
			r, err := profiled.run(ctx, v.dir, env, fmt.Sprintf("%s-%s-profiled", s.Name, name), v.args...)
			if err != nil {
				return nil, err
			}
			fmt.Printf("profiled %-56s %6.2f s  profiles in %s (go tool pprof -top <file>)\n", variantLabels[name], r.Elapsed.Seconds(), out)
		}
	}
	return res, nil
}
