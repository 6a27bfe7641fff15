// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"
)

func (b *bench) markdown() string {
	var w strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&w, format, args...) }
	p("# Benchmark results\n\nWritten by `make bench`; do not edit by hand.\n\n")
	p("Machine: %s; load average %s at the end. %s\n\n", b.machine, b.loadAtEnd, b.note)
	p("Every command ran %d times, interleaved (run i of each before run i+1), against the in-process emulator, which adds %s to "+
		"every request; Terraform's default -parallelism=10, local state. A ratio is the median of the per-run ratios. *writes*: "+
		"the latency of the writes the emulator counted, over the parallelism. *query*: `terraform query` of one `list` block over every "+
		"subscription, with Terraform %s.\n\n", b.runs, b.latency, cmp.Or(b.queryVersion, "(none given: not run)"))
	p("| size | plan ÷ floor (≤ 1.15) | plan -refresh=false ÷ floor (≤ 1.15) | apply ÷ floor | apply ÷ (floor + writes) | destroy ÷ floor | " +
		"destroy ÷ (floor + writes) | requests per plan (≤ 2 + entities) | provider peak RSS in plans (< 100 MB) | query | requests per query |\n")
	p("| --- |%s\n", strings.Repeat(" ---: |", 10))
	for _, r := range b.results {
		p("| %s | %s | %s | %s | %s | %s | %s | %d of %d | %s | %.2f s | %d |\n", r.size.name,
			r.ratio("plan", "floor plan", 0), r.ratio("plan -refresh=false", "floor plan -refresh=false", 0),
			r.ratio("apply", "floor apply", 0), r.ratio("apply", "floor apply", b.latency),
			r.ratio("destroy", "floor destroy", 0), r.ratio("destroy", "floor destroy", b.latency),
			r.most("plan", total), 2+r.size.entities, mb(max(r.most("plan", rss), r.most("plan -refresh=false", rss))),
			median(r.seconds("query")), r.most("query", total))
	}
	for _, r := range b.results {
		p("\n## %s: %s\n\n| command | runs (s) | min (s) | median (s) | requests (last run) | provider peak RSS |\n"+
			"| --- | --- | ---: | ---: | --- | ---: |\n", r.size.name, r.size)
		for _, name := range slices.Sorted(maps.Keys(r.runs)) {
			runs, times := r.runs[name], strings.Trim(fmt.Sprintf("%.2f", r.seconds(name)), "[]")
			p("| %s | %s | %.2f | %.2f | %s | %s |\n", name, strings.ReplaceAll(times, " ", ", "), slices.Min(r.seconds(name)),
				median(r.seconds(name)), routes(runs[len(runs)-1].requests), mb(r.most(name, rss)))
		}
		if len(r.notes) > 0 {
			p("\n- %s\n", strings.Join(r.notes, "\n- "))
		}
	}
	return w.String()
}

func (r result) seconds(name string) []float64 {
	out := []float64{}
	for _, s := range r.runs[name] {
		out = append(out, s.seconds)
	}
	return out
}

// ratio is the median over the runs of a ÷ (b + the latency of a's writes, ten at once).
func (r result) ratio(a, b string, latency time.Duration) string {
	as, bs := r.seconds(a), r.seconds(b)
	for i := range as {
		as[i] /= bs[i] + float64(r.runs[a][i].writes)*latency.Seconds()/10
	}
	return fmt.Sprintf("%.2f", median(as))
}

// most is the highest of f over the runs of a command.
func (r result) most(name string, f func(sample) int) (n int) {
	for _, s := range r.runs[name] {
		n = max(n, f(s))
	}
	return n
}

func total(s sample) (n int) {
	for _, c := range s.requests {
		n += c
	}
	return n
}

func rss(s sample) int { return s.rss }

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Sorted(slices.Values(v))
	return (v[(len(v)-1)/2] + v[len(v)/2]) / 2
}

// routes is "21: 20 × GET /metadata/{entityType}/{entityId}, 1 × GET /hooks/v1/subscription".
func routes(requests map[string]int) string {
	var parts []string
	for _, name := range slices.SortedFunc(maps.Keys(requests), func(a, b string) int {
		return cmp.Or(cmp.Compare(requests[b], requests[a]), cmp.Compare(a, b))
	}) {
		parts = append(parts, fmt.Sprintf("%d × `%s`", requests[name], name))
	}
	if len(parts) == 0 {
		return "0"
	}
	return fmt.Sprintf("%d: %s", total(sample{requests: requests}), strings.Join(parts, ", "))
}

func mb(bytes int) string {
	return fmt.Sprintf("%.1f MB", float64(bytes)/1e6)
}

// describeMachine names what the figures depend on.
func describeMachine(terraform string) string {
	field := func(path, name string) string {
		b, _ := os.ReadFile(path)
		_, v, _ := strings.Cut(string(b), name)
		v, _, _ = strings.Cut(v, "\n")
		return strings.Trim(v, " \t:")
	}
	kernel, _ := os.ReadFile("/proc/sys/kernel/osrelease")
	return fmt.Sprintf("%d CPUs (%s), memory %s, Linux %s; Terraform %s; %s; %s; load average %s at the start",
		runtime.NumCPU(), field("/proc/cpuinfo", "model name"), field("/proc/meminfo", "MemTotal"), strings.TrimSpace(string(kernel)),
		terraformVersion(terraform), runtime.Version(), time.Now().UTC().Format("2006-01-02 15:04 UTC"), loadAverage())
}

func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.Join(strings.Fields(string(b) + " ? ? ?")[:3], " ")
}

func terraformVersion(bin string) string {
	var v struct {
		Version string `json:"terraform_version"`
	}
	out, _ := exec.Command(bin, "version", "-json").Output()
	_ = json.Unmarshal(out, &v)
	return cmp.Or(v.Version, "?")
}
