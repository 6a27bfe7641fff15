// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// setup is a terraform binary with a CLI configuration of its own whose dev_overrides serve one build of the
// provider (the esign provider or the floor): ~/.terraformrc is never read, no init is needed.
type setup struct {
	terraform string
	binary    string // what the provider processes run
	env       []string
}

func (b *bench) setup(terraform, name, pluginDir string) (*setup, error) {
	bin, err := exec.LookPath(terraform)
	if err != nil {
		return nil, err
	}
	rc := filepath.Join(b.work, name+".tfrc")
	if err := devprovider.WriteCLIConfig(rc, pluginDir); err != nil {
		return nil, err
	}
	env := []string{"TF_CLI_CONFIG_FILE=" + rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "ESIGN_BENCH_FLOOR_SCHEMA=" + b.floorSchema}
	for _, kv := range os.Environ() { // the caller's settings would change what is measured
		if !strings.HasPrefix(kv, "TF_") && !strings.HasPrefix(kv, "ESIGN_") {
			env = append(env, kv)
		}
	}
	provider, err := filepath.EvalSymlinks(filepath.Join(pluginDir, devprovider.BinaryName)) // as /proc/<pid>/exe names it
	return &setup{terraform: bin, binary: provider, env: env}, err
}

// outcome is one terraform command: its wall time, the peak RSS of its provider processes and its output.
type outcome struct {
	seconds float64
	rss     int
	changes bool // a -detailed-exitcode plan found changes
	stdout  string
}

// tf runs terraform in dir, its output kept in logs/<log>.log.
func (b *bench) tf(ctx context.Context, s *setup, dir, log string, env []string, args ...string) (outcome, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, s.terraform, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr, cmd.Env = dir, &stdout, &stderr, append(slices.Clip(s.env), env...)
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return outcome{}, err
	}
	stopWatch := watchRSS(cmd.Process.Pid, s.binary)
	err := cmd.Wait()
	o := outcome{seconds: time.Since(started).Seconds(), rss: stopWatch(), stdout: stdout.String()}
	if werr := writeFile(filepath.Join(b.work, "logs", log+".log"), o.stdout+stderr.String()); werr != nil {
		return o, werr
	}
	var exit *exec.ExitError
	if o.changes = errors.As(err, &exit) && exit.ExitCode() == 2 && slices.Contains(args, "-detailed-exitcode"); o.changes {
		err = nil
	}
	if err != nil {
		lines := strings.Split(strings.TrimSpace(o.stdout+stderr.String()), "\n")
		return o, fmt.Errorf("terraform %s in %s: %w\n%s", strings.Join(args, " "), dir, err, strings.Join(lines[max(0, len(lines)-20):], "\n"))
	}
	return o, nil
}

// watchRSS polls terraform's children (the provider processes, several per command) every 10 ms; stop answers
// the highest VmHWM among those running binary, in bytes.
func watchRSS(terraform int, binary string) (stop func() int) {
	quit, peak := make(chan struct{}), make(chan int)
	go func() {
		var hwm int
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			lists, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", terraform))
			for _, list := range lists {
				pids, _ := os.ReadFile(list)
				for _, pid := range strings.Fields(string(pids)) {
					// Between fork and exec a child still shares terraform's memory.
					if exe, _ := os.Readlink("/proc/" + pid + "/exe"); exe == binary {
						hwm = max(hwm, vmHWM("/proc/"+pid+"/status"))
					}
				}
			}
			select {
			case <-quit:
				peak <- hwm
				return
			case <-tick.C:
			}
		}
	}()
	return func() int { close(quit); return <-peak }
}

func vmHWM(status string) int {
	b, _ := os.ReadFile(status)
	_, rest, _ := strings.Cut(string(b), "VmHWM:")
	kb, _ := strconv.Atoi(strings.Fields(rest + " 0")[0])
	return kb * 1024
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o600)
}
