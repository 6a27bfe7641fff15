// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-bench is `make bench`: against the in-process emulator it applies, plans and destroys
// generated configurations with the esign provider and with the floor (the same schemas, no work),
// interleaved, times terraform query, and writes bench/results.md. See bench/README.md.
//
// The floor is this command too, when Terraform starts it as the provider: a terraform-plugin-go provider,
// never released, with no framework, no validation and no network, that serves the esign provider's own
// schemas, read from the `terraform providers schema -json` file named by ESIGN_BENCH_FLOOR_SCHEMA, and
// echoes its input.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

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
	// sample is one terraform command (rss in bytes and cpu in seconds: of its provider processes); series a
	// command's figures in run order, with the emulator's requests and the writes among them.
	sample struct {
		seconds, rss, cpu float64
		stdout            string
		changes           bool // a -detailed-exitcode plan found changes
	}
	series struct {
		seconds, rss, cpu, requests, writes []float64
		routes                              string // of the last run: "21: 20 × `GET /metadata/…`, 1 × `GET …`"
	}
	result struct {
		size
		runs  map[string]*series // by command
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
	if schemas := os.Getenv("ESIGN_BENCH_FLOOR_SCHEMA"); schemas != "" { // Terraform starts the floor
		f, err := load(schemas)
		b.must(err)
		b.must(tf6server.Serve(devprovider.Address, func() tfprotov6.ProviderServer { return f }))
		return
	}
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
	var err error
	b.dir, err = devprovider.NewWorkDir(context.Background(), ".", "esign-bench-", *keep, os.Stdout)
	b.must(err)
	// The provider and the floor each have a CLI configuration of their own whose dev_overrides serve them:
	// ~/.terraformrc is never read, no init is needed. The caller's TF_* and ESIGN_* would change the figures.
	b.env = []string{"TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "ESIGN_BENCH_FLOOR_SCHEMA=" + b.path("schema.json")}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TF_") && !strings.HasPrefix(kv, "ESIGN_") {
			b.env = append(b.env, kv)
		}
	}
	floor, err := os.Executable()
	b.must(err)
	b.must(os.MkdirAll(b.path("floor"), 0o750))
	b.must(os.Symlink(floor, b.path("floor", devprovider.BinaryName)))
	b.must(devprovider.WriteCLIConfig(b.path("esign.tfrc"), b.dir.PluginDir))
	b.must(devprovider.WriteCLIConfig(b.path("floor.tfrc"), b.path("floor")))
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
	r := result{size: s, runs: map[string]*series{}}
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
			counters, total, routes := b.emu.Counters(key), 0.0, []string{}
			for _, route := range slices.SortedFunc(maps.Keys(counters), func(a, b string) int {
				return cmp.Or(cmp.Compare(counters[b], counters[a]), cmp.Compare(a, b))
			}) {
				total += float64(counters[route])
				routes = append(routes, fmt.Sprintf("%d × `%s`", counters[route], route))
			}
			sr := r.get(c.name)
			r.runs[c.name], sr.routes = sr, strings.TrimSuffix(fmt.Sprintf("%.0f: %s", total, strings.Join(routes, ", ")), ": ")
			sr.seconds, sr.rss, sr.cpu = append(sr.seconds, o.seconds), append(sr.rss, o.rss), append(sr.cpu, o.cpu)
			sr.requests, sr.writes = append(sr.requests, total), append(sr.writes, float64(b.emu.Writes(key)))
			fmt.Printf("run %d  %-26s %7.2f s  %5.0f requests  provider CPU %5.2f s, peak RSS %s\n", i+1, c.name, o.seconds, total, o.cpu, mb(o.rss))
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
	cpu := map[string]float64{} // by provider process, as last seen
	tick := time.NewTicker(10 * time.Millisecond)
	for o.seconds == 0 {
		select {
		case err = <-exited:
			o.seconds = time.Since(started).Seconds()
		case <-tick.C:
			o.rss = max(o.rss, providers(cmd.Process.Pid, cpu))
		}
	}
	tick.Stop()
	for _, seconds := range cpu {
		o.cpu += seconds
	}
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

// providers is the highest VmHWM, in bytes, among the children of terraform: the provider processes. It
// records the CPU seconds of each in cpu (what a process used in the last 10 ms before its end is missed).
func providers(terraform int, cpu map[string]float64) (hwm float64) {
	self, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", terraform))
	lists, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", terraform))
	for _, list := range lists {
		pids, _ := os.ReadFile(list)
		for _, pid := range strings.Fields(string(pids)) {
			// Between fork and exec a child still runs, and shares the memory of, terraform.
			if exe, _ := os.Readlink("/proc/" + pid + "/exe"); exe != self {
				kb, _ := strconv.Atoi(strings.TrimSuffix(field("/proc/"+pid+"/status", "VmHWM:"), " kB"))
				hwm = max(hwm, float64(kb)*1024)
				stat, _ := os.ReadFile("/proc/" + pid + "/stat") // after the command's ")": utime and stime in 1/100 s
				if f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:])); len(f) > 12 {
					utime, _ := strconv.Atoi(f[11])
					stime, _ := strconv.Atoi(f[12])
					cpu[pid] = float64(utime+stime) / 100
				}
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
		"subscription, with Terraform %s.\n\n", how, b.latency, cmp.Or(b.queryVersion, "(not run)"))
	p("| size | plan ÷ floor (≤ 1.15) | plan -refresh=false ÷ floor (≤ 1.15) | provider CPU in plan ÷ floor's | apply ÷ floor | apply ÷ (floor + writes) | destroy ÷ floor | " +
		"destroy ÷ (floor + writes) | requests per plan (≤ 2 + entities) | provider peak RSS in plans (< 100 MB) | query | requests per query |\n")
	p("| --- |%s\n", strings.Repeat(" ---: |", 11))
	for _, r := range results {
		query, queryRequests := "—", "—"
		if q := r.get("query"); len(q.seconds) > 0 {
			query, queryRequests = fmt.Sprintf("%.2f s", median(q.seconds)), fmt.Sprint(slices.Max(q.requests))
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s | %.0f of %d | %s | %s | %s |\n", r.name,
			r.ratio("plan", "floor plan", 0, false), r.ratio("plan -refresh=false", "floor plan -refresh=false", 0, false),
			r.ratio("plan", "floor plan", 0, true), r.ratio("apply", "floor apply", 0, false), r.ratio("apply", "floor apply", b.latency, false),
			r.ratio("destroy", "floor destroy", 0, false), r.ratio("destroy", "floor destroy", b.latency, false),
			slices.Max(r.get("plan").requests), 2+r.entities,
			mb(slices.Max(slices.Concat(r.get("plan").rss, r.get("plan -refresh=false").rss))), query, queryRequests)
	}
	for _, r := range results {
		p("\n## %s: %s\n\n| command | runs (s) | min (s) | median (s) | provider CPU, median (s) | requests (last run) | provider peak RSS |\n"+
			"| --- | --- | ---: | ---: | ---: | --- | ---: |\n", r.name, r.size)
		for _, name := range slices.Sorted(maps.Keys(r.runs)) {
			sr := r.runs[name]
			times := strings.Trim(fmt.Sprintf("%.2f", sr.seconds), "[]")
			p("| %s | %s | %.2f | %.2f | %.2f | %s | %s |\n", name, strings.ReplaceAll(times, " ", ", "), slices.Min(sr.seconds),
				median(sr.seconds), median(sr.cpu), sr.routes, mb(slices.Max(sr.rss)))
		}
		if len(r.notes) > 0 {
			p("\n- %s\n", strings.Join(r.notes, "\n- "))
		}
	}
	return w.String()
}

// get is a command's series, empty when it did not run.
func (r result) get(name string) *series { return cmp.Or(r.runs[name], &series{}) }

// ratio is the median over the runs of a ÷ (b + the latency of a's writes, ten at once); "—" when a did not run.
// With cpu: of the provider processes' CPU time.
func (r result) ratio(a, b string, latency time.Duration, cpu bool) string {
	as, bs := slices.Clone(r.get(a).seconds), r.get(b).seconds
	if cpu {
		as, bs = slices.Clone(r.get(a).cpu), r.get(b).cpu
	}
	if len(as) == 0 {
		return "—"
	}
	for i := range as {
		as[i] /= bs[i] + r.runs[a].writes[i]*latency.Seconds()/10
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

// floor answers the calls of a plan, an apply and a destroy. Any other call reaches the embedded nil server
// and panics, which Terraform reports as a crash of the plugin: the bench then fails rather than measure it.
type floor struct {
	tfprotov6.ProviderServer
	schemas *tfprotov6.GetProviderSchemaResponse
	types   map[string]tftypes.Type
}

func (f *floor) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return f.schemas, nil
}

func (f *floor) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (f *floor) ValidateProviderConfig(context.Context, *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{}, nil
}

func (f *floor) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (f *floor) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (f *floor) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	v, err := req.RawState.Unmarshal(f.types[req.TypeName])
	if err != nil {
		return nil, err
	}
	state, err := tfprotov6.NewDynamicValue(v.Type(), v)
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &state}, err
}

func (f *floor) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

// PlanResourceChange answers the proposed state; on create, a null computed attribute becomes unknown.
func (f *floor) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	typ := f.types[req.TypeName]
	prior, err := req.PriorState.Unmarshal(typ)
	if err != nil {
		return nil, err
	}
	proposed, err := req.ProposedNewState.Unmarshal(typ)
	if err != nil || !prior.IsNull() || proposed.IsNull() {
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState}, err
	}
	var attrs map[string]tftypes.Value
	if err := proposed.As(&attrs); err != nil {
		return nil, err
	}
	for _, a := range f.schemas.ResourceSchemas[req.TypeName].Block.Attributes {
		if a.Computed && attrs[a.Name].IsNull() {
			attrs[a.Name] = tftypes.NewValue(a.ValueType(), tftypes.UnknownValue)
		}
	}
	planned, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: &planned}, err
}

// ApplyResourceChange answers the planned state, an unknown string derived from the object and its path
// (ids differ), any other unknown null.
func (f *floor) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	planned, err := req.PlannedState.Unmarshal(f.types[req.TypeName])
	if err != nil || planned.IsFullyKnown() {
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState, Private: req.PlannedPrivate}, err
	}
	seed := req.TypeName + planned.String()
	applied, err := tftypes.Transform(planned, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		switch {
		case v.IsKnown():
			return v, nil
		case v.Type().Is(tftypes.String):
			h := fnv.New64a()
			_, _ = h.Write([]byte(seed + p.String()))
			return tftypes.NewValue(tftypes.String, fmt.Sprintf("%016x", h.Sum64())), nil
		}
		return tftypes.NewValue(v.Type(), nil), nil
	})
	if err != nil {
		return nil, err
	}
	state, err := tfprotov6.NewDynamicValue(applied.Type(), applied)
	return &tfprotov6.ApplyResourceChangeResponse{NewState: &state, Private: req.PlannedPrivate}, err
}

// jsonBlock is a schema, a block, a block type or a nested type as `terraform providers schema -json` prints
// it; jsonAttribute an attribute. The embedded types take the fields whose JSON names match theirs.
type (
	jsonBlock struct {
		tfprotov6.SchemaBlock
		Block           *jsonBlock
		Attributes      map[string]jsonAttribute
		BlockTypes      map[string]jsonBlock `json:"block_types"`
		DescriptionKind string               `json:"description_kind"`
		NestingMode     string               `json:"nesting_mode"`
		MinItems        int64                `json:"min_items"`
		MaxItems        int64                `json:"max_items"`
	}
	jsonAttribute struct {
		tfprotov6.SchemaAttribute
		Type            json.RawMessage
		NestedType      *jsonBlock `json:"nested_type"`
		DescriptionKind string     `json:"description_kind"`
		WriteOnly       bool       `json:"write_only"`
	}
)

// load reads the esign provider's schemas from the file of floorSchemas.
func load(path string) (*floor, error) {
	var all struct {
		ProviderSchemas map[string]struct {
			Provider           jsonBlock
			Resources          map[string]jsonBlock `json:"resource_schemas"`
			DataSources        map[string]jsonBlock `json:"data_source_schemas"`
			EphemeralResources map[string]jsonBlock `json:"ephemeral_resource_schemas"`
		} `json:"provider_schemas"`
	}
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &all)
	}
	p := all.ProviderSchemas[devprovider.Address] // none: the floor serves none, which floorSchemas finds
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f := &floor{types: map[string]tftypes.Type{}, schemas: &tfprotov6.GetProviderSchemaResponse{
		// The capabilities the plugin framework announces, so that Terraform may skip GetProviderSchema alike.
		ServerCapabilities: &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true, PlanDestroy: true},
		Provider:           &tfprotov6.Schema{Version: p.Provider.Version, Block: p.Provider.Block.block(&err)},
		ResourceSchemas:    schemas(p.Resources, &err),
		DataSourceSchemas:  schemas(p.DataSources, &err), EphemeralResourceSchemas: schemas(p.EphemeralResources, &err),
		Functions: map[string]*tfprotov6.Function{},
	}}
	for name, s := range f.schemas.ResourceSchemas {
		f.types[name] = s.ValueType()
	}
	return f, err
}

func schemas(from map[string]jsonBlock, err *error) map[string]*tfprotov6.Schema {
	to := map[string]*tfprotov6.Schema{}
	for name, s := range from {
		to[name] = &tfprotov6.Schema{Version: s.Version, Block: s.Block.block(err)}
	}
	return to
}

// block converts j; the first error is kept in *err.
func (j *jsonBlock) block(err *error) *tfprotov6.SchemaBlock {
	if j == nil {
		return &tfprotov6.SchemaBlock{}
	}
	b := j.SchemaBlock
	b.DescriptionKind = kinds[j.DescriptionKind]
	for name, a := range j.Attributes {
		attr := a.SchemaAttribute
		attr.Name, attr.DescriptionKind, attr.WriteOnly = name, kinds[a.DescriptionKind], a.WriteOnly
		var typeErr error
		if a.NestedType != nil {
			attr.NestedType = &tfprotov6.SchemaObject{Attributes: a.NestedType.block(err).Attributes,
				Nesting: tfprotov6.SchemaObjectNestingMode(nestings[a.NestedType.NestingMode])}
		} else if attr.Type, typeErr = tftypes.ParseJSONType(a.Type); typeErr != nil { //nolint:staticcheck // it reads the very form Terraform prints
			*err = cmp.Or(*err, fmt.Errorf("%s: %w", name, typeErr))
		}
		b.Attributes = append(b.Attributes, &attr)
	}
	for name, t := range j.BlockTypes {
		b.BlockTypes = append(b.BlockTypes, &tfprotov6.SchemaNestedBlock{TypeName: name, Block: t.Block.block(err),
			Nesting: tfprotov6.SchemaNestedBlockNestingMode(nestings[t.NestingMode]), MinItems: t.MinItems, MaxItems: t.MaxItems})
	}
	return &b
}

var kinds = map[string]tfprotov6.StringKind{"markdown": tfprotov6.StringKindMarkdown} // else plain

var nestings = map[string]int32{"single": 1, "list": 2, "set": 3, "map": 4, "group": 5} // tfprotov6's numbers
