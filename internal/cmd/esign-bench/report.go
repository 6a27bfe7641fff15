// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Targets of issue 5. Missing one is reported, never an error.
const (
	targetDataRatio  = 3.0               // plan(-refresh=false) / terraform_data
	targetFloorRatio = 1.15              // plan / the floor's plan, with refresh and without
	targetPeakRSS    = 100 * 1000 * 1000 // bytes, provider process
)

type machine struct {
	CPUs      int
	CPUModel  string
	Memory    string
	Kernel    string
	Terraform string
	Go        string
	LoadAvg   string
	Date      time.Time
}

func describeMachine(ctx context.Context, tfBin string) machine {
	m := machine{CPUs: runtime.NumCPU(), Go: runtime.Version(), Date: time.Now().UTC()}
	m.CPUModel = procField("/proc/cpuinfo", "model name")
	if kb := procField("/proc/meminfo", "MemTotal"); kb != "" {
		var n int64
		if _, err := fmt.Sscanf(kb, "%d kB", &n); err == nil {
			m.Memory = fmt.Sprintf("%.1f GiB", float64(n)/(1<<20))
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = "Linux " + strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		m.LoadAvg = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	var v struct {
		Version  string `json:"terraform_version"`
		Platform string `json:"platform"`
	}
	if out, err := exec.CommandContext(ctx, tfBin, "version", "-json").Output(); err == nil && json.Unmarshal(out, &v) == nil {
		m.Terraform = v.Version + " " + v.Platform
	}
	return m
}

// procField answers the value of the first "name : value" line of a /proc file.
func procField(path, name string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

type report struct {
	machine machine
	options options
	command string
	sizes   []*sizeResult
	goBench string

	// querySkipped says why the terraform query part did not run ("" when
	// it did, with Terraform queryVersion).
	querySkipped string
	queryVersion string
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (r *sizeResult) seconds(variant string) []float64 {
	var xs []float64
	for _, m := range r.Runs[variant] {
		xs = append(xs, m.Seconds)
	}
	return xs
}

func (r *sizeResult) medianSeconds(variant string) float64 { return median(r.seconds(variant)) }

func (r *sizeResult) medianRequests(variant string) int {
	var xs []float64
	for _, m := range r.Runs[variant] {
		xs = append(xs, float64(m.Requests))
	}
	return int(median(xs) + 0.5)
}

func (r *sizeResult) maxRequests(variant string) int {
	n := 0
	for _, m := range r.Runs[variant] {
		n = max(n, m.Requests)
	}
	return n
}

func (r *sizeResult) peakRSS(variant string) int64 {
	var p int64
	for _, m := range r.Runs[variant] {
		p = max(p, m.PeakRSS)
	}
	return p
}

func (r *sizeResult) medianCPU(variant string) float64 {
	var xs []float64
	for _, m := range r.Runs[variant] {
		xs = append(xs, m.CPU.Seconds())
	}
	return median(xs)
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	return "MISS"
}

func mb(bytes int64) string { return fmt.Sprintf("%.1f MB", float64(bytes)/1e6) }

// summaryTable is the one table: a row per size, a column per figure, with
// PASS/MISS beside every figure that has a target.
func (rep *report) summaryTable() string {
	var b strings.Builder
	b.WriteString("| size: subscriptions / entries / entities | plan (refresh) | plan -refresh=false | floor (refresh) | floor -refresh=false | terraform_data | naive peer | " +
		"refresh ÷ floor (≤ 1.15) | no-refresh ÷ floor (≤ 1.15) | no-refresh ÷ terraform_data (≤ 3.0) | naive ÷ refresh | " +
		"API requests per plan (≤ 2 + entities) | provider peak RSS (< 100 MB) |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rep.sizes {
		refresh, noRefresh := r.medianSeconds(vRefresh), r.medianSeconds(vNoRefresh)
		floorRefresh, floorNoRefresh := r.medianSeconds(vFloorRefresh), r.medianSeconds(vFloorNoRefresh)
		data, naive := r.medianSeconds(vData), r.medianSeconds(vNaive)
		fr, fnr := ratio(refresh, floorRefresh), ratio(noRefresh, floorNoRefresh)
		dr, nr := ratio(noRefresh, data), ratio(naive, refresh)
		req := r.maxRequests(vRefresh)
		rss := max(r.peakRSS(vRefresh), r.peakRSS(vNoRefresh))
		fmt.Fprintf(&b, "| %s %s | %.2f s | %.2f s | %.2f s | %.2f s | %.2f s | %.2f s | %.2f %s | %.2f %s | %.2f %s | %.1f× | %d of %d %s | %s %s |\n",
			r.Size.Name, r.Size, refresh, noRefresh, floorRefresh, floorNoRefresh, data, naive,
			fr, verdict(fr > 0 && fr <= targetFloorRatio), fnr, verdict(fnr > 0 && fnr <= targetFloorRatio),
			dr, verdict(dr <= targetDataRatio), nr,
			req, r.Size.RequestTarget(), verdict(req <= r.Size.RequestTarget()),
			mb(rss), verdict(rss > 0 && rss < targetPeakRSS))
	}
	return b.String()
}

func (rep *report) machineLine() string {
	m := rep.machine
	return fmt.Sprintf("%d CPUs (nproc), %s, %s RAM, %s; Terraform %s; %s; load average at start %s; %s",
		m.CPUs, m.CPUModel, m.Memory, m.Kernel, m.Terraform, m.Go, m.LoadAvg, m.Date.Format("2006-01-02 15:04 UTC"))
}

// summary is what the command prints at the end.
func (rep *report) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "median of %d interleaved runs, emulator latency %s per request, terraform -parallelism=10 (default)\n",
		rep.options.runs, rep.options.latency)
	fmt.Fprintf(&b, "machine: %s\n", rep.machineLine())
	if len(rep.options.providerEnv) > 0 {
		fmt.Fprintf(&b, "tuned: esign plans ran with %s\n", strings.Join(rep.options.providerEnv, " "))
	}
	b.WriteString("\n")
	b.WriteString(rep.summaryTable())
	b.WriteString("\n")
	b.WriteString(rep.queryTable())
	for _, r := range rep.sizes {
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "\nNOTE (%s): %s", r.Size.Name, n)
		}
	}
	return b.String()
}

// markdown is the results file.
func (rep *report) markdown() string {
	var b strings.Builder
	b.WriteString("# Benchmark results\n\n")
	b.WriteString("Written by `make bench` (`go run ./internal/cmd/esign-bench")
	if rep.command != "" {
		b.WriteString(" " + rep.command)
	}
	b.WriteString("`); do not edit by hand.\n\n")
	fmt.Fprintf(&b, "Machine: %s.\n\n", rep.machineLine())
	fmt.Fprintf(&b, "Median of %d runs per variant, interleaved (run i of every variant before run i+1). The emulator runs "+
		"in-process on 127.0.0.1 and adds %s to every request. Plans use Terraform's default -parallelism=10; "+
		"state is local. Times are wall-clock seconds of the whole `terraform plan` command.\n\n",
		rep.options.runs, rep.options.latency)
	if len(rep.options.providerEnv) > 0 {
		fmt.Fprintf(&b, "**Tuned run:** every esign plan had `%s` in its environment.\n\n", strings.Join(rep.options.providerEnv, " "))
	}
	b.WriteString(rep.summaryTable())
	b.WriteString(`
- *plan (refresh)*: ` + "`terraform plan`" + ` right after apply (an empty plan); *plan -refresh=false*: the same without reading the service;
  *floor*: the same two plans of as many resources, in blocks of the same counts and attributes, of a bare terraform-plugin-go
  provider whose plan, read and apply echo their input (no framework, no validation, no network): what any plugin costs
  Terraform per resource, so *÷ floor* is this provider's own overhead;
  *terraform_data*: ` + "`terraform plan -refresh=false`" + ` of as many ` + "`terraform_data`" + ` resources, in blocks of the same
  counts (Terraform's built-in provider, no plugin, no network: what Terraform itself costs); *naive peer*: ` + "`terraform plan`" + ` with
  ` + "`ESIGN_DISABLE_READ_COALESCING=true`" + `, one request per resource read.
- API requests: what the emulator counted during one plan with refresh (the highest of the runs); the target is one
  ` + "`GET /hooks/v1`" + `, one ` + "`GET /hooks/v1/subscription`" + ` and one ` + "`GET /metadata/{entityType}/{entityId}`" + ` per entity.
- Provider peak RSS: the highest VmHWM of the ` + "`terraform-provider-esign`" + ` processes Terraform started during the plans
  with and without refresh, read by polling /proc every 10 ms.
`)
	b.WriteString("\n" + rep.queryTable() + "\n")
	b.WriteString(rep.queryRunsNote())
	b.WriteString(`- *terraform query*: ` + "`terraform query`" + ` of one ` + "`list \"esign_webhook_subscription\"`" + ` block over every subscription of the
  size (` + "`limit`" + ` = their count); *terraform plan -refresh=false*: the same subscriptions as resources in state.
`)
	for _, r := range rep.sizes {
		fmt.Fprintf(&b, "\n## %s: %s\n\n", r.Size.Name, r.Size.describe())
		fmt.Fprintf(&b, "Setup apply (not measured): %.1f s with -parallelism=%d.\n\n", r.ApplyTime.Seconds(), rep.options.applyParallelism)
		b.WriteString("| variant | runs (s) | median (s) | API requests per plan | provider processes | provider peak RSS | provider CPU (median) |\n")
		b.WriteString("| --- | --- | ---: | --- | ---: | ---: | ---: |\n")
		for _, v := range append(slices.Clone(variantOrder), queryVariantOrder...) {
			runs := r.Runs[v]
			if len(runs) == 0 && slices.Contains(queryVariantOrder, v) {
				continue // the query part was skipped
			}
			var secs []string
			for _, m := range runs {
				secs = append(secs, fmt.Sprintf("%.2f", m.Seconds))
			}
			requests, procs, rss, cpu := "—", "—", "—", "—"
			if v != vData && len(runs) > 0 {
				requests = fmt.Sprint(r.medianRequests(v))
				if by := routes(runs[len(runs)-1].ByRoute); by != "" {
					requests += ": " + by
				}
				procs = fmt.Sprint(runs[len(runs)-1].Processes)
				rss = mb(r.peakRSS(v))
				cpu = fmt.Sprintf("%.2f s", r.medianCPU(v))
			}
			fmt.Fprintf(&b, "| %s | %s | %.2f | %s | %s | %s | %s |\n", variantLabels[v], strings.Join(secs, ", "), r.medianSeconds(v), requests, procs, rss, cpu)
		}
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "\n**Note:** %s\n", n)
		}
	}
	if rep.goBench != "" {
		b.WriteString("\n## Client hot paths (`go test -run '^$' -bench . -benchmem ./internal/client/`)\n\n```\n")
		b.WriteString(strings.TrimRight(rep.goBench, "\n"))
		b.WriteString("\n```\n")
	}
	return b.String()
}

// routes formats per-route counters, busiest first.
func routes(byRoute map[string]int) string {
	names := make([]string, 0, len(byRoute))
	for k := range byRoute {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int {
		if byRoute[a] != byRoute[b] {
			return byRoute[b] - byRoute[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%d × `%s`", byRoute[n], n)
	}
	return strings.Join(parts, ", ")
}
