// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-bench is what `make bench` runs: it applies generated
// configurations against the in-process emulator, then times interleaved
// plans of this provider, the floor (floor.go), terraform_data and the naive
// peer, and writes bench/results.md (see bench/README.md).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

type options struct {
	terraform        string
	sizes            []size
	runs             int
	latency          time.Duration
	keep             bool
	out              string
	goBench          bool
	applyParallelism int
	profile          string
	providerEnv      []string
	queryTerraform   string
	floorLogs        string // "default" or "off": see -floor-logs
}

func main() {
	var o options
	var sizeFlag string
	flag.StringVar(&o.terraform, "terraform", "terraform", "terraform binary (>= 1.11)")
	flag.StringVar(&sizeFlag, "size", "both", "configurations to measure: small (200 subscriptions / 400 entries / 20 entities), large (1000 / 4000 / 100 and one esign_webhook_subscriptions_exclusive), both, or tiny (10 / 20 / 2: a smoke test of the tool)")
	flag.IntVar(&o.runs, "runs", 3, "timed runs of each variant (the median is reported)")
	flag.DurationVar(&o.latency, "latency", 20*time.Millisecond, "latency the emulator adds to every request")
	flag.StringVar(&o.floorLogs, "floor-logs", "default", "the floor's SDK logs: default (a bare plugin-go provider as it comes, formatting a log line per call that Terraform discards) or off (as this provider turns its own off)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary work directory (configurations, state, logs) and print its path")
	flag.StringVar(&o.out, "out", filepath.Join("bench", "results.md"), "results file to write (empty: none)")
	flag.BoolVar(&o.goBench, "gobench", true, "run the client's Go benchmarks first and include them in the results")
	flag.IntVar(&o.applyParallelism, "apply-parallelism", 50, "terraform -parallelism of the setup apply (not measured)")
	flag.StringVar(&o.queryTerraform, "query-terraform", defaultQueryTerraform(), "terraform binary (>= 1.14) for the terraform query part; empty skips it (default: the 1.15.9 build in the tool cache, if it exists)")
	flag.StringVar(&o.profile, "profile", "", "after the timed runs, run one plan with and one without refresh with a profiling build of the provider, writing CPU and allocation profiles to this directory")
	flag.Func("provider-env", "`NAME=VALUE` added to the environment of every esign plan, to measure a tuning (repeatable; recorded in the results)", func(v string) error {
		if name, _, ok := strings.Cut(v, "="); !ok || name == "" {
			return fmt.Errorf("want NAME=VALUE, got %q", v)
		}
		o.providerEnv = append(o.providerEnv, v)
		return nil
	})
	flag.Parse()

	switch sizeFlag {
	case "small", "large", "tiny":
		o.sizes = []size{sizes[sizeFlag]}
	case "both":
		o.sizes = []size{sizes["small"], sizes["large"]}
	default:
		fmt.Fprintf(os.Stderr, "-size must be small, large, both or tiny, not %q\n", sizeFlag)
		os.Exit(2)
	}
	if o.runs < 1 || o.latency < 0 || o.applyParallelism < 1 {
		fmt.Fprintln(os.Stderr, "-runs and -apply-parallelism must be at least 1, -latency not negative")
		os.Exit(2)
	}

	started := time.Now()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "\nbench failed:", err)
		os.Exit(1)
	}
	fmt.Printf("\nBenchmark finished in %s.\n", time.Since(started).Round(time.Second))
}

func run(o options) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()

	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	tfBin, err := exec.LookPath(o.terraform)
	if err != nil {
		return fmt.Errorf("terraform not found (%s): %w", o.terraform, err)
	}
	machine := describeMachine(ctx, tfBin)

	report := &report{machine: machine, options: o, command: strings.Join(os.Args[1:], " ")}
	if o.goBench {
		step("go test -bench for the client's hot paths")
		out, err := goBench(ctx, repo)
		if err != nil {
			return err
		}
		report.goBench = out
	}

	step("Building the provider")
	workDir, err := devprovider.NewWorkDir(ctx, repo, "esign-bench-", o.keep, os.Stdout)
	if err != nil {
		return err
	}
	defer workDir.Close()
	work, pluginDir := workDir.Path, workDir.PluginDir

	svc, err := startService(o.latency)
	if err != nil {
		return err
	}
	defer svc.Close()
	fmt.Printf("emulator: %s (latency %s per request)\n", svc.url, o.latency)

	tf, err := newTFRunner(tfBin, work, pluginDir)
	if err != nil {
		return err
	}
	step("Building the floor provider")
	floor, err := newFloorRunner(ctx, tfBin, repo, filepath.Join(work, "floor"), o.floorLogs == "off")
	if err != nil {
		return err
	}
	query, err := newQueryTerraform(ctx, o.queryTerraform, work, pluginDir)
	if err != nil {
		return err
	}
	report.querySkipped, report.queryVersion = query.skipped, query.version
	if query.skipped != "" {
		fmt.Println("terraform query:", query.skipped)
	}
	var profiled *tfRunner
	if o.profile != "" {
		if o.profile, err = filepath.Abs(o.profile); err != nil {
			return err
		}
		profDir := filepath.Join(work, "profiled")
		if _, err := devprovider.Build(ctx, repo, "./internal/cmd/esign-bench/profiled-provider", filepath.Join(profDir, "plugins"), os.Stdout); err != nil {
			return err
		}
		if profiled, err = newTFRunner(tfBin, profDir, filepath.Join(profDir, "plugins")); err != nil {
			return err
		}
	}
	for _, s := range o.sizes {
		res, err := benchSize(ctx, o, tf, floor, profiled, query, svc, filepath.Join(work, s.Name), s)
		if err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
		report.sizes = append(report.sizes, res)
	}

	text := report.markdown()
	step("Results")
	fmt.Println(report.summary())
	if o.out != "" {
		if err := os.MkdirAll(filepath.Dir(o.out), 0o750); err != nil {
			return err
		}
		if err := os.WriteFile(o.out, []byte(text), 0o600); err != nil {
			return err
		}
		fmt.Println("written to", o.out)
	}
	return nil
}

func goBench(ctx context.Context, repo string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", ".", "-benchmem", "./internal/client/")
	cmd.Dir = repo
	var buf strings.Builder
	cmd.Stdout, cmd.Stderr = teeWriter{&buf}, teeWriter{&buf}
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go test -bench: %w", err)
	}
	return buf.String(), nil
}

type teeWriter struct{ b *strings.Builder }

func (t teeWriter) Write(p []byte) (int, error) {
	t.b.Write(p)
	return os.Stdout.Write(p)
}

func step(title string) {
	fmt.Printf("\n==> %s\n", title)
}
