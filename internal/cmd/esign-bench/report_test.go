// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"strings"
	"testing"
	"time"
)

// Targets are reported as PASS or MISS, never as an error.
func TestSummaryTableVerdicts(t *testing.T) {
	runs := func(secs float64, requests int, rss int64, cpu time.Duration) []measurement {
		return []measurement{{Seconds: secs, Requests: requests, PeakRSS: rss, CPU: cpu, ByRoute: map[string]int{"GET /hooks/v1/subscription": 1}}}
	}
	s := sizes["small"]
	rep := &report{options: options{runs: 1, latency: 20 * time.Millisecond}, sizes: []*sizeResult{{
		Size: s,
		Runs: map[string][]measurement{
			vRefresh:        runs(2.0, 30, 150e6, 400*time.Millisecond), // 30 requests and 150 MB: two misses
			vNoRefresh:      runs(1.0, 0, 40e6, 250*time.Millisecond),
			vFloorRefresh:   runs(1.6, 0, 20e6, 0), // 2.0 / 1.6 = 1.25: a miss
			vFloorNoRefresh: runs(0.9, 0, 20e6, 0), // 1.0 / 0.9 = 1.11: a pass
			vData:           runs(0.5, 0, 0, 0),    // 1.0 / 0.5 = 2.0: a pass
			vNaive:          runs(6.0, 600, 40e6, 0),
		},
	}}}
	table := rep.summaryTable()
	expectLines(t, "table", table,
		"| plan (refresh) | plan -refresh=false | floor (refresh) |",
		"| naive ÷ refresh | API requests",
		"| 2.00 s | 1.00 s | 1.60 s | 0.90 s | 0.50 s | 6.00 s | 1.25 MISS | 1.11 PASS | 2.00 PASS | 3.0× | 30 of 22 MISS | 150.0 MB MISS |")
	lines := strings.Split(strings.TrimSpace(table), "\n")
	for _, line := range lines[1:] {
		if got, want := strings.Count(line, "|"), strings.Count(lines[0], "|"); got != want {
			t.Errorf("%d cells in %q, want %d as in the header", got-1, line, want-1)
		}
	}
	expectLines(t, "results", rep.markdown(),
		"1 × `GET /hooks/v1/subscription`",
		"| terraform plan | 2.00 | 2.00 | 30: 1 × `GET /hooks/v1/subscription` | 0 | 150.0 MB | 0.40 s |")
}

// expectLines fails t for each of wants that text (what) lacks.
func expectLines(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, text)
		}
	}
}

// The query part reports its figures beside the plan of as many
// subscriptions, or says why it did not run.
func TestQueryTable(t *testing.T) {
	s := sizes["large"]
	rep := &report{options: options{runs: 1}, queryVersion: "1.15.9", sizes: []*sizeResult{{
		Size: s,
		Runs: map[string][]measurement{
			vQuery:     {{Seconds: 1.5, Requests: 1, PeakRSS: 30e6, ByRoute: map[string]int{"GET /hooks/v1/subscription": 1}}},
			vQueryPlan: {{Seconds: 3.0}},
		},
	}}}
	table := rep.queryTable()
	for _, want := range []string{"| large: 1000 subscriptions | 1.50 s | 3.00 s | 0.50 | 1: 1 × `GET /hooks/v1/subscription` | 30.0 MB |"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if md := rep.markdown(); !strings.Contains(md, "terraform query (every subscription)") || !strings.Contains(md, "Terraform 1.15.9") {
		t.Errorf("results lack the query runs:\n%s", md)
	}

	rep.querySkipped = "skipped: no Terraform >= 1.14 binary"
	if table := rep.queryTable(); !strings.Contains(table, "skipped: no Terraform >= 1.14 binary") || strings.Contains(table, "large") {
		t.Errorf("a skipped query part shows:\n%s", table)
	}
	if !strings.Contains(rep.summary(), "skipped: no Terraform >= 1.14 binary") {
		t.Error("the summary does not say the query part was skipped")
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
