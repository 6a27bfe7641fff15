// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

// terraform query of a size's subscriptions, timed beside terraform plan -refresh=false of as many subscription
// resources adopted the way users do (query -generate-config-out, an apply that only imports).

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The query variants, in the order each run goes through them.
const (
	vQuery     = "query"
	vQueryPlan = "query-norefresh"
)

var queryVariantOrder = []string{vQuery, vQueryPlan}

// queryMinMinor: terraform query and list resources came with Terraform 1.14.
const queryMinMinor = 14

// defaultQueryTerraform is the Terraform 1.15.9 build in the tool cache
// (GNUmakefile's TOOLS_CACHE) when it exists, else "".
func defaultQueryTerraform() string {
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		cache = filepath.Join(home, ".cache")
	}
	bin := filepath.Join(cache, "terraform-provider-esign", "terraform-v1.15.9", "terraform")
	if _, err := os.Stat(bin); err != nil {
		return ""
	}
	return bin
}

// queryTerraform is the resolved -query-terraform: a runner, or why the
// query part is skipped.
type queryTerraform struct {
	runner  *tfRunner
	version string
	skipped string
}

func newQueryTerraform(ctx context.Context, bin, work, pluginDir string) (queryTerraform, error) {
	path, skipped := queryTerraformPath(bin)
	if skipped != "" {
		return queryTerraform{skipped: skipped}, nil
	}
	version, err := terraformVersion(ctx, path)
	if err != nil {
		return queryTerraform{}, err
	}
	if !versionAtLeast(version, 1, queryMinMinor) {
		return queryTerraform{skipped: fmt.Sprintf("skipped: -query-terraform %s is version %s; terraform query needs 1.%d", bin, version, queryMinMinor)}, nil
	}
	dir := filepath.Join(work, "query-cli")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return queryTerraform{}, err
	}
	runner, err := newTFRunner(path, dir, pluginDir)
	if err != nil {
		return queryTerraform{}, err
	}
	return queryTerraform{runner: runner, version: version}, nil
}

// queryTerraformPath finds -query-terraform, or says why the query part is
// skipped.
func queryTerraformPath(bin string) (path, skipped string) {
	if bin == "" {
		return "", "skipped: no Terraform >= 1.14 binary (set -query-terraform; the default is the 1.15.9 build " +
			"in the tool cache, which does not exist here)"
	}
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Sprintf("skipped: -query-terraform %s: %v", bin, err)
	}
	return path, ""
}

// versionAtLeast tells whether a version such as 1.15.9 is at least
// major.minor.
func versionAtLeast(version string, major, minor int) bool {
	var gotMajor, gotMinor int
	if _, err := fmt.Sscanf(version, "%d.%d", &gotMajor, &gotMinor); err != nil {
		return false
	}
	return gotMajor > major || (gotMajor == major && gotMinor >= minor)
}

func terraformVersion(ctx context.Context, bin string) (string, error) {
	out, err := exec.CommandContext(ctx, bin, "version", "-json").Output()
	if err != nil {
		return "", fmt.Errorf("%s version -json: %w", bin, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return "", fmt.Errorf("%s version -json: %w", bin, err)
	}
	return v.Version, nil
}

// queryConfigs are the configuration (the provider alone: generated.tf adds
// the subscriptions) and the query file listing every subscription.
func queryConfigs(s size) (mainTF, queryFile string) {
	mainTF = `terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

provider "esign" {}
`
	queryFile = fmt.Sprintf(`list "esign_webhook_subscription" "all" {
  provider = esign
  limit    = %d
}
`, s.Subscriptions)
	return mainTF, queryFile
}

// benchQuery adopts the tenant's subscriptions into a directory of their
// own (not measured), then times terraform query and terraform plan
// -refresh=false there, interleaved.
func benchQuery(ctx context.Context, o options, q queryTerraform, svc *service, tenant emulator.Tenant, env []string, dir string, res *sizeResult) error {
	s := res.Size
	mainTF, queryFile := queryConfigs(s)
	if err := writeConfig(dir, mainTF); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "bench.tfquery.hcl"), []byte(queryFile), 0o600); err != nil {
		return err
	}

	fmt.Printf("adopting %d subscriptions with terraform query -generate-config-out (Terraform %s)...\n", s.Subscriptions, q.version)
	if _, err := q.runner.run(ctx, dir, env, s.Name+"-query-generate", "query", "-no-color", "-generate-config-out=generated.tf"); err != nil {
		return err
	}
	svc.emu.ResetCounters(tenant.SubscriptionKey)
	if _, err := q.runner.run(ctx, dir, env, s.Name+"-query-import", "apply", "-input=false", "-auto-approve", "-no-color",
		fmt.Sprintf("-parallelism=%d", o.applyParallelism)); err != nil {
		return err
	}
	if n := svc.emu.Writes(tenant.SubscriptionKey); n != 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("importing the generated configuration sent %d writes to the service: a provider bug", n))
	}

	plan := []string{"plan", "-input=false", "-no-color", "-detailed-exitcode", "-refresh=false"}
	args := map[string][]string{vQuery: {"query", "-no-color"}, vQueryPlan: plan}
	for i := range o.runs {
		for _, name := range queryVariantOrder {
			svc.emu.ResetCounters(tenant.SubscriptionKey)
			logName := fmt.Sprintf("%s-%s-%d", s.Name, name, i+1)
			r, err := q.runner.run(ctx, dir, env, logName, args[name]...)
			if err != nil {
				return err
			}
			counters := svc.emu.Counters(tenant.SubscriptionKey)
			m := measurement{Seconds: r.Elapsed.Seconds(), ByRoute: maps.Clone(counters), Processes: r.Processes,
				PeakRSS: r.PeakRSS, CPU: r.CPU, Changes: r.ExitCode == 2}
			for _, n := range counters {
				m.Requests += n
			}
			if name == vQuery {
				if found := queryResults(filepath.Join(q.runner.logDir, logName+".log")); found != s.Subscriptions {
					res.Notes = append(res.Notes, fmt.Sprintf("run %d of terraform query found %d subscriptions, want %d", i+1, found, s.Subscriptions))
				}
			}
			if m.Changes {
				res.Notes = append(res.Notes, fmt.Sprintf("run %d of %q planned changes after the import: a provider bug", i+1, variantLabels[name]))
			}
			res.Runs[name] = append(res.Runs[name], m)
			fmt.Printf("run %d  %-64s %6.2f s  %5d requests  provider: %d process(es), peak RSS %s, CPU %.2f s\n",
				i+1, variantLabels[name], m.Seconds, m.Requests, m.Processes, mb(m.PeakRSS), m.CPU.Seconds())
		}
	}
	return nil
}

// queryResults counts the result lines terraform query printed to a log.
func queryResults(logPath string) int {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return -1
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "list.esign_webhook_subscription.all ") {
			n++
		}
	}
	return n
}

// queryTable is the summary of the query part: a row per size, or one row
// saying why it was skipped.
func (rep *report) queryTable() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| terraform query: size | terraform query (one list block) | terraform plan -refresh=false (as many subscriptions) | query ÷ plan | API requests per query | provider peak RSS (query) |\n")
	b.WriteString("| --- | ---: | ---: | ---: | --- | ---: |\n")
	if rep.querySkipped != "" {
		fmt.Fprintf(&b, "| all | %s | | | | |\n", rep.querySkipped)
		return b.String()
	}
	for _, r := range rep.sizes {
		query, plan := r.medianSeconds(vQuery), r.medianSeconds(vQueryPlan)
		requests := fmt.Sprint(r.maxRequests(vQuery))
		if runs := r.Runs[vQuery]; len(runs) > 0 {
			if by := routes(runs[len(runs)-1].ByRoute); by != "" {
				requests += ": " + by
			}
		}
		fmt.Fprintf(&b, "| %s: %d subscriptions | %.2f s | %.2f s | %.2f | %s | %s |\n",
			r.Size.Name, r.Size.Subscriptions, query, plan, ratio(query, plan), requests, mb(r.peakRSS(vQuery)))
	}
	return b.String()
}

// queryRunsNote describes how the query part ran, for the results file.
func (rep *report) queryRunsNote() string {
	if rep.querySkipped != "" {
		return ""
	}
	return fmt.Sprintf("The query part runs with Terraform %s (-query-terraform), both commands in a directory whose state holds the "+
		"size's subscriptions, adopted by `terraform query -generate-config-out` and an apply that only imports. Median of %d "+
		"interleaved runs.\n", rep.queryVersion, rep.options.runs)
}
