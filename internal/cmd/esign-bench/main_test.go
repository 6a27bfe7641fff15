package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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

func TestParseStat(t *testing.T) {
	// The command name may hold spaces and parentheses.
	line := "4242 (terraform-pr) x) S 4000 4242 22075 0 -1 4194304 100 0 0 0 150 25 0 0 20 0 1 0 66417 3133440 358\n"
	ppid, ticks, ok := parseStat([]byte(line))
	if !ok || ppid != 4000 || ticks != 175 {
		t.Fatalf("parseStat = %d, %d, %v; want 4000, 175, true", ppid, ticks, ok)
	}
	if _, _, ok := parseStat([]byte("garbage")); ok {
		t.Fatal("parseStat accepted garbage")
	}
}

// The watcher finds a child of the given parent running the given binary and
// reads its peak RSS; other children are ignored.
func TestWatchChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	sleep, _ = filepath.EvalSymlinks(sleep)
	// A shell whose children are two sleeps: the watched binary is sleep.
	sh := exec.Command("sh", "-c", sleep+" 0.5 & "+sleep+" 0.5; wait")
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	w := watchChildren(sh.Process.Pid, sleep, 5*time.Millisecond)
	if err := sh.Wait(); err != nil {
		t.Fatal(err)
	}
	n, rss, _ := w.Stop()
	if n != 2 || rss <= 0 {
		t.Fatalf("watched %d processes with peak RSS %d; want 2 with a positive peak", n, rss)
	}

	other := watchChildren(os.Getpid(), "/nonexistent/binary", 5*time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	if n, _, _ := other.Stop(); n != 0 {
		t.Fatalf("watched %d processes of another binary", n)
	}
}

func TestConfigs(t *testing.T) {
	s := sizes["small"]
	esign := esignConfig(s)
	for _, want := range []string{
		`count       = 200`, `count       = 400`, `"req-${count.index % 20}"`,
		`(count.index % 2 == 0 ? "signaturerequestcompleted" : "signatorysigned")`,
		`source = "esign-oss/esign"`,
	} {
		if !strings.Contains(esign, want) {
			t.Errorf("esign configuration lacks %q:\n%s", want, esign)
		}
	}
	if data := dataConfig(s); !strings.Contains(data, "count = 200") || !strings.Contains(data, "count = 400") || strings.Contains(data, "esign") {
		t.Errorf("terraform_data configuration:\n%s", data)
	}
	if s.RequestTarget() != 22 || sizes["large"].RequestTarget() != 102 {
		t.Error("request target is not 2 + entities")
	}
	if strings.Contains(esign, "exclusive") || s.Resources() != 600 {
		t.Errorf("the small size has an exclusive resource, or %d resources:\n%s", s.Resources(), esign)
	}
}

// The large configuration has one exclusive resource owning every
// subscription; the floor's and terraform_data's have one resource in its
// place, so that every configuration has as many resources.
func TestLargeConfigsOwnEverySubscription(t *testing.T) {
	s := sizes["large"]
	if s.Resources() != 5001 {
		t.Errorf("large: %d resources, want 5001", s.Resources())
	}
	for _, c := range []struct{ name, text, want string }{
		{"esign", esignConfig(s), `resource "esign_webhook_subscriptions_exclusive" "all" {
  subscription_ids = esign_webhook_subscription.s[*].id
}`},
		{"floor", floorConfig(s), `resource "floor_webhook_subscriptions_exclusive" "all" {
  subscription_ids = floor_webhook_subscription.s[*].id
}`},
		{"terraform_data", dataConfig(s), `resource "terraform_data" "all" {
  input = terraform_data.s[*].id
}`},
	} {
		if !strings.Contains(c.text, c.want) || strings.Count(c.text, "resource \"") != 3 {
			t.Errorf("%s configuration lacks its third resource %q:\n%s", c.name, c.want, c.text)
		}
	}
}

// The floor's configuration is the esign one with the floor's names: the
// same blocks, counts and attributes, so only the provider differs.
func TestFloorConfig(t *testing.T) {
	for _, s := range sizes {
		esign, floor := esignConfig(s), floorConfig(s)
		if strings.Contains(floor, "esign_") || !strings.Contains(floor, `source = "esign-oss/floor"`) || !strings.Contains(floor, `provider "floor" {}`) {
			t.Errorf("%s: floor configuration:\n%s", s.Name, floor)
		}
		if got := strings.NewReplacer("floor", "esign").Replace(floor); got != esign {
			t.Errorf("%s: the floor configuration differs from the esign one by more than its names:\n%s\n---\n%s", s.Name, floor, esign)
		}
	}
	rc := floorCLIConfig("/tmp/plugins")
	if !strings.Contains(rc, `"registry.terraform.io/esign-oss/floor" = "/tmp/plugins"`) || !strings.Contains(rc, "direct {}") {
		t.Errorf("floor CLI configuration:\n%s", rc)
	}
}

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

func TestQueryConfigs(t *testing.T) {
	mainTF, query := queryConfigs(sizes["large"])
	if !strings.Contains(mainTF, `provider "esign" {}`) || strings.Contains(mainTF, "resource") {
		t.Errorf("main.tf:\n%s", mainTF)
	}
	if !strings.Contains(query, `list "esign_webhook_subscription" "all"`) || !strings.Contains(query, "limit    = 1000") {
		t.Errorf("query file:\n%s", query)
	}
}

func TestVersionAtLeast(t *testing.T) {
	for v, want := range map[string]bool{"1.15.9": true, "1.14.0": true, "1.11.4": false, "1.6.3-dev": false, "2.0.0": true, "garbage": false} {
		if got := versionAtLeast(v, 1, 14); got != want {
			t.Errorf("versionAtLeast(%q, 1, 14) = %v, want %v", v, got, want)
		}
	}
}
