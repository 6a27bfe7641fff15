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
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

type (
	// size is one generated configuration: subscriptions, metadata entries on entities and exclusive (0 or 1)
	// esign_webhook_subscriptions_exclusive owning every subscription.
	size struct {
		name                                        string
		subscriptions, entries, entities, exclusive int
	}
	bench struct {
		runs                                                        int
		latency                                                     time.Duration
		plans                                                       bool
		terraform, queryTerraform, note, machine, queryVersion, url string
		env                                                         []string // of every terraform command
		dir                                                         *devprovider.WorkDir
		emu                                                         *emulator.Emulator
	}
	// sample is one terraform command: its wall time, the peak RSS of its provider processes, the emulator's
	// requests (the writes among them, and by route), terraform's output and whether a plan found changes.
	sample struct {
		seconds, rss, requests, writes float64
		routes, stdout                 string
		changes                        bool
	}
	result struct {
		size
		runs  map[string][]sample // by command, in run order
		notes []string
	}
)

var sizes = map[string]size{
	"small": {"small", 200, 400, 20, 0},
	"large": {"large", 1000, 4000, 100, 1},
	"tiny":  {"tiny", 10, 20, 2, 0}, // a smoke test of the tool
}

func main() {
	b := &bench{}
	sizeFlag := flag.String("size", "both", "small (200 subscriptions, 400 entries on 20 entities), large (1000, 4000 on 100, one exclusive resource), both, or tiny (a smoke test)")
	flag.StringVar(&b.terraform, "terraform", "terraform", "terraform binary (>= 1.11)")
	flag.StringVar(&b.queryTerraform, "query-terraform", "", "terraform >= 1.14 for `terraform query` (make bench: the one make terraform-1.15 unpacks, if it is there); empty skips it")
	out := flag.String("out", filepath.Join("bench", "results.md"), "results file (empty: none)")
	keep := flag.Bool("keep", false, "keep the work directory (configurations, state, a log per command)")
	flag.IntVar(&b.runs, "runs", 3, "interleaved runs of every command")
	flag.DurationVar(&b.latency, "latency", 20*time.Millisecond, "latency the emulator adds to every request")
	flag.BoolVar(&b.plans, "plans", false, "the plans only: apply once per provider, then -runs times plan, floor plan, plan -refresh=false, floor's")
	flag.StringVar(&b.note, "note", "", "a sentence for the results file, such as how busy the machine was")
	flag.Parse()
	var todo []size
	for _, name := range strings.Split(strings.ReplaceAll(*sizeFlag, "both", "small,large"), ",") {
		if s, ok := sizes[name]; ok && b.runs > 0 {
			todo = append(todo, s)
		} else {
			fmt.Fprintf(os.Stderr, "-size %q: want small, large, both or tiny; -runs: at least 1\n", *sizeFlag)
			os.Exit(2)
		}
	}
	b.machine = describeMachine(b.terraform)
	repo, err := os.Getwd()
	b.must(err)
	b.dir, err = devprovider.NewWorkDir(context.Background(), repo, "esign-bench-", *keep, os.Stdout)
	b.must(err)
	// Each build, the provider's and the floor's, has a CLI configuration of its own whose dev_overrides serve
	// it: ~/.terraformrc is never read, no init is needed. The caller's TF_* and ESIGN_* would change the figures.
	b.env = []string{"TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "ESIGN_BENCH_FLOOR_SCHEMA=" + b.path("schema.json")}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TF_") && !strings.HasPrefix(kv, "ESIGN_") {
			b.env = append(b.env, kv)
		}
	}
	floor, err := devprovider.Build(context.Background(), repo, "./internal/cmd/esign-bench/floor", b.path("floor-plugins"), os.Stdout)
	b.must(err)
	b.must(devprovider.WriteCLIConfig(b.path("esign.tfrc"), b.dir.PluginDir))
	b.must(devprovider.WriteCLIConfig(b.path("floor.tfrc"), floor))
	b.floorSchemas()
	b.emu, err = emulator.New(emulator.Options{Faults: emulator.FaultConfig{Latency: b.latency}})
	b.must(err)
	b.url, err = b.emu.Start("127.0.0.1:0")
	b.must(err)
	if b.queryTerraform != "" && !b.plans { // -plans runs no query
		b.queryVersion = terraformVersion(b.queryTerraform)
	}
	var results []result
	for _, s := range todo {
		results = append(results, b.measure(s))
	}
	text := b.markdown(results)
	fmt.Print("\n", text)
	if *out != "" {
		b.must(os.WriteFile(*out, []byte(text), 0o600))
	}
	b.dir.Close()
}

// must ends the bench at the first error; the work directory stays only with -keep.
func (b *bench) must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench failed:", err)
		if b.dir != nil {
			b.dir.Close()
		}
		os.Exit(1)
	}
}

func (b *bench) path(elem ...string) string {
	return filepath.Join(append([]string{b.dir.Path}, elem...)...)
}

// write writes a file of the work directory, its folders first.
func (b *bench) write(path, text string) {
	b.must(os.MkdirAll(filepath.Dir(path), 0o750))
	b.must(os.WriteFile(path, []byte(text), 0o600))
}

// floorSchemas writes the esign provider's schemas where the floor reads them, then checks that Terraform
// sees the floor's schemas as the provider's, byte for byte. (From Terraform 1.12 on the provider also has
// resource identities, list resources and actions; the floor has none.)
func (b *bench) floorSchemas() {
	var schemas [2]struct {
		Providers map[string]map[string]json.RawMessage `json:"provider_schemas"`
	}
	b.write(b.path("schemas", "main.tf"), providerBlock)
	for i, provider := range []string{"esign", "floor"} {
		o := b.tf(b.terraform, provider, b.path("schemas"), "schema-"+provider, nil, "providers", "schema", "-json")
		if i == 0 {
			b.write(b.path("schema.json"), o.stdout)
		}
		b.must(json.Unmarshal([]byte(o.stdout), &schemas[i]))
	}
	for _, kind := range []string{"provider", "resource_schemas", "data_source_schemas", "ephemeral_resource_schemas"} {
		if !bytes.Equal(schemas[0].Providers[devprovider.Address][kind], schemas[1].Providers[devprovider.Address][kind]) {
			b.must(fmt.Errorf("the floor's %s differ from the provider's: compare logs/schema-*.log with -keep", kind))
		}
	}
}

// providerBlock has no settings: the base URL and credentials come from the environment.
const providerBlock = `terraform {
  required_providers {
    esign = { source = "esign-oss/esign" }
  }
}

provider "esign" {}
`

// config is what both the provider and the floor apply, plan and destroy.
func (s size) config() string {
	return providerBlock + fmt.Sprintf(`
resource "esign_webhook_subscription" "s" {
  count       = %d
  event_type  = (count.index %% 2 == 0 ? "signaturerequestcompleted" : "signatorysigned")
  uri         = "https://hooks.example.com/${count.index}"
  description = "bench ${count.index}"
}

resource "esign_metadata_entry" "m" {
  count       = %d
  entity_type = "SignatureRequest"
  entity_id   = "req-${count.index %% %d}"
  key         = "k-${count.index}"
  value       = "v-${count.index}"
}

resource "esign_webhook_subscriptions_exclusive" "all" {
  count            = %d
  subscription_ids = esign_webhook_subscription.s[*].id
}
`, s.subscriptions, s.entries, s.entities, s.exclusive)
}

func (s size) String() string {
	text := fmt.Sprintf("%d subscriptions, %d metadata entries on %d entities", s.subscriptions, s.entries, s.entities)
	if s.exclusive > 0 {
		text += ", one esign_webhook_subscriptions_exclusive owning every subscription"
	}
	return text
}

// measure runs every command of a size once per run, in the same order each run, so that the provider and
// the floor see the same machine; each run on a fresh tenant. With -plans, only the first run applies.
func (b *bench) measure(s size) result {
	fmt.Printf("\n==> %s: %s\n", s.name, s)
	query := fmt.Sprintf("list \"esign_webhook_subscription\" \"all\" {\n  provider = esign\n  limit    = %d\n}\n", s.subscriptions)
	for path, text := range map[string]string{"esign/main.tf": s.config(), "floor/main.tf": s.config(),
		"query/main.tf": providerBlock, "query/all.tfquery.hcl": query} {
		b.write(b.path(s.name, path), text)
	}
	apply := []string{"apply", "-auto-approve", "-input=false", "-no-color"}
	destroy := append([]string{"destroy"}, apply[1:]...)
	plan := []string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}
	noRefresh := append(slices.Clip(plan), "-refresh=false")
	commands := []struct {
		name, dir string
		args      []string
	}{
		{"apply", "esign", apply}, {"floor apply", "floor", apply}, {"plan", "esign", plan}, {"floor plan", "floor", plan},
		{"plan -refresh=false", "esign", noRefresh}, {"floor plan -refresh=false", "floor", noRefresh},
		{"query", "query", []string{"query", "-no-color"}}, {"destroy", "esign", destroy}, {"floor destroy", "floor", destroy},
	}
	r := result{size: s, runs: map[string][]sample{}}
	var tenant emulator.Tenant
	for i := range b.runs {
		if i == 0 || !b.plans {
			tenant = b.emu.NewTenant()
		}
		key := tenant.SubscriptionKey
		env := []string{"ESIGN_BASE_URL=" + b.url, "ESIGN_SUBSCRIPTION_KEY=" + key, "ESIGN_ACCESS_TOKEN=" + tenant.AccessToken}
		for _, c := range commands {
			terraform, provider := b.terraform, c.dir
			if c.dir == "query" {
				terraform, provider = b.queryTerraform, "esign"
			}
			if terraform == "" || b.plans && c.args[0] != "plan" && (i > 0 || c.args[0] != "apply") {
				continue
			}
			b.emu.ResetCounters(key)
			o := b.tf(terraform, provider, b.path(s.name, c.dir), fmt.Sprintf("%s-%d-%s", s.name, i+1, strings.ReplaceAll(c.name, " ", "_")), env, c.args...)
			// The service holds what was applied; a destroy deletes every subscription and forgets the metadata
			// entries (the service cannot delete one).
			subs, entries, want := len(b.emu.Subscriptions(key)), len(b.emu.Metadata(key)), map[string]int{"apply": s.subscriptions}[c.name]
			if (c.name == "apply" || c.name == "destroy") && (subs != want || entries != s.entries) {
				b.must(fmt.Errorf("%s, after %s: the emulator holds %d subscriptions and %d entries, want %d and %d",
					s.name, c.name, subs, entries, want, s.entries))
			}
			if o.changes {
				r.notes = append(r.notes, fmt.Sprintf("run %d: `%s` planned changes", i+1, c.name))
			}
			if found := strings.Count("\n"+o.stdout, "\nlist.esign_webhook_subscription.all "); c.name == "query" && found != s.subscriptions {
				r.notes = append(r.notes, fmt.Sprintf("run %d: terraform query listed %d subscriptions, want %d", i+1, found, s.subscriptions))
			}
			requests, routes := b.emu.Counters(key), []string{} // routes: "21: 20 × `GET /metadata/…`, 1 × `GET …`"
			for _, route := range slices.SortedFunc(maps.Keys(requests), func(a, b string) int {
				return cmp.Or(cmp.Compare(requests[b], requests[a]), cmp.Compare(a, b))
			}) {
				o.requests += float64(requests[route])
				routes = append(routes, fmt.Sprintf("%d × `%s`", requests[route], route))
			}
			o.routes = strings.TrimSuffix(fmt.Sprintf("%.0f: %s", o.requests, strings.Join(routes, ", ")), ": ")
			o.writes, o.stdout = float64(b.emu.Writes(key)), ""
			r.runs[c.name] = append(r.runs[c.name], o)
			fmt.Printf("run %d  %-26s %7.2f s  %5.0f requests  provider peak RSS %s\n", i+1, c.name, o.seconds, o.requests, mb(o.rss))
		}
	}
	return r
}

// tf runs terraform in dir with the CLI configuration of a provider, its output kept in logs/<log>.log, and
// polls the peak RSS (VmHWM) of the provider processes it starts (several per command) every 10 ms.
func (b *bench) tf(terraform, provider, dir, log string, env []string, args ...string) sample {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(terraform, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
	cmd.Env = append(append(slices.Clip(b.env), "TF_CLI_CONFIG_FILE="+b.path(provider+".tfrc")), env...)
	started := time.Now()
	b.must(cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var o sample
	var err error
	tick := time.NewTicker(10 * time.Millisecond)
	for o.seconds == 0 {
		select {
		case err = <-exited:
			o.seconds = time.Since(started).Seconds()
		case <-tick.C:
			o.rss = max(o.rss, providerRSS(cmd.Process.Pid))
		}
	}
	tick.Stop()
	o.stdout = stdout.String()
	b.write(b.path("logs", log+".log"), o.stdout+stderr.String())
	var exit *exec.ExitError
	if o.changes = errors.As(err, &exit) && exit.ExitCode() == 2 && slices.Contains(args, "-detailed-exitcode"); !o.changes && err != nil {
		lines := strings.Split(strings.TrimSpace(o.stdout+stderr.String()), "\n")
		b.must(fmt.Errorf("terraform %s in %s: %w (logs/%s.log with -keep)\n%s", strings.Join(args, " "), dir, err, log,
			strings.Join(lines[max(0, len(lines)-20):], "\n")))
	}
	return o
}

// providerRSS is the highest VmHWM, in bytes, among the children of terraform: the provider processes.
func providerRSS(terraform int) (hwm float64) {
	self, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", terraform))
	lists, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", terraform))
	for _, list := range lists {
		pids, _ := os.ReadFile(list)
		for _, pid := range strings.Fields(string(pids)) {
			// Between fork and exec a child still runs, and shares the memory of, terraform.
			if exe, _ := os.Readlink("/proc/" + pid + "/exe"); exe != self {
				kb, _ := strconv.Atoi(strings.TrimSuffix(field("/proc/"+pid+"/status", "VmHWM:"), " kB"))
				hwm = max(hwm, float64(kb)*1024)
			}
		}
	}
	return hwm
}

func (b *bench) markdown(results []result) string {
	var w strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&w, format, args...) }
	p("# Benchmark results\n\nWritten by `make bench`; do not edit by hand.\n\n")
	p("Machine: %s; load average %s at the end. %s\n\n", b.machine, loadAverage(), b.note)
	how := fmt.Sprintf("Every command ran %d times", b.runs)
	if b.plans {
		how = fmt.Sprintf("Plans only (-plans): each provider applied once, then every plan ran %d times", b.runs)
	}
	p("%s, interleaved (run i of each before run i+1), against the in-process emulator, which adds %s to every request; "+
		"Terraform's default -parallelism=10, local state. A ratio is the median of the per-run ratios. *writes*: the latency "+
		"of the writes the emulator counted, over the parallelism. *query*: `terraform query` of one `list` block over every "+
		"subscription, with Terraform %s.\n\n", how, b.latency, cmp.Or(b.queryVersion, "(none given: not run)"))
	p("| size | plan ÷ floor (≤ 1.15) | plan -refresh=false ÷ floor (≤ 1.15) | apply ÷ floor | apply ÷ (floor + writes) | destroy ÷ floor | " +
		"destroy ÷ (floor + writes) | requests per plan (≤ 2 + entities) | provider peak RSS in plans (< 100 MB) | query | requests per query |\n")
	p("| --- |%s\n", strings.Repeat(" ---: |", 10))
	for _, r := range results {
		query, queryRequests := "—", "—"
		if qs := r.col("query", secs); len(qs) > 0 {
			query, queryRequests = fmt.Sprintf("%.2f s", median(qs)), fmt.Sprint(slices.Max(r.col("query", reqs)))
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %.0f of %d | %s | %s | %s |\n", r.name,
			r.ratio("plan", "floor plan", 0), r.ratio("plan -refresh=false", "floor plan -refresh=false", 0),
			r.ratio("apply", "floor apply", 0), r.ratio("apply", "floor apply", b.latency),
			r.ratio("destroy", "floor destroy", 0), r.ratio("destroy", "floor destroy", b.latency),
			slices.Max(r.col("plan", reqs)), 2+r.entities,
			mb(slices.Max(append(r.col("plan", rss), r.col("plan -refresh=false", rss)...))), query, queryRequests)
	}
	for _, r := range results {
		p("\n## %s: %s\n\n| command | runs (s) | min (s) | median (s) | requests (last run) | provider peak RSS |\n"+
			"| --- | --- | ---: | ---: | --- | ---: |\n", r.name, r.size)
		for _, name := range slices.Sorted(maps.Keys(r.runs)) {
			runs, times := r.runs[name], strings.Trim(fmt.Sprintf("%.2f", r.col(name, secs)), "[]")
			p("| %s | %s | %.2f | %.2f | %s | %s |\n", name, strings.ReplaceAll(times, " ", ", "), slices.Min(r.col(name, secs)),
				median(r.col(name, secs)), runs[len(runs)-1].routes, mb(slices.Max(r.col(name, rss))))
		}
		if len(r.notes) > 0 {
			p("\n- %s\n", strings.Join(r.notes, "\n- "))
		}
	}
	return w.String()
}

// The figures of a sample that col reads.
const (
	secs = iota
	reqs
	rss
)

// col is one figure of a command's runs, in run order.
func (r result) col(name string, figure int) []float64 {
	out := []float64{}
	for _, s := range r.runs[name] {
		out = append(out, [...]float64{secs: s.seconds, reqs: s.requests, rss: s.rss}[figure])
	}
	return out
}

// ratio is the median over the runs of a ÷ (b + the latency of a's writes, ten at once); "—" when a did not run.
func (r result) ratio(a, b string, latency time.Duration) string {
	as, bs := r.col(a, secs), r.col(b, secs)
	if len(as) == 0 {
		return "—"
	}
	for i := range as {
		as[i] /= bs[i] + r.runs[a][i].writes*latency.Seconds()/10
	}
	return fmt.Sprintf("%.2f", median(as))
}

func median(v []float64) float64 {
	v = slices.Sorted(slices.Values(v))
	return (v[(len(v)-1)/2] + v[len(v)/2]) / 2
}

func mb(bytes float64) string { return fmt.Sprintf("%.1f MB", bytes/1e6) }

// describeMachine names what the figures depend on.
func describeMachine(terraform string) string {
	return fmt.Sprintf("%d CPUs (%s), memory %s, Linux %s; Terraform %s; %s; %s; load average %s at the start",
		runtime.NumCPU(), field("/proc/cpuinfo", "model name"), field("/proc/meminfo", "MemTotal"), field("/proc/sys/kernel/osrelease", ""),
		terraformVersion(terraform), runtime.Version(), time.Now().UTC().Format("2006-01-02 15:04 UTC"), loadAverage())
}

// field is what follows name on its line of a file of /proc ("": the first line), trimmed.
func field(path, name string) string {
	b, _ := os.ReadFile(path)
	_, v, _ := strings.Cut(string(b), name)
	v, _, _ = strings.Cut(v, "\n")
	return strings.Trim(v, " \t:")
}

func loadAverage() string {
	return strings.Join(strings.Fields(field("/proc/loadavg", "") + " ? ? ?")[:3], " ")
}

func terraformVersion(bin string) string {
	out, _ := exec.Command(bin, "version").Output() // "Terraform v1.11.4" first
	first, _, _ := strings.Cut(string(out), "\n")
	return cmp.Or(strings.TrimPrefix(first, "Terraform v"), "?")
}
