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
	"strings"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// tfRunner runs terraform with a CLI configuration of its own (dev_overrides
// pointing at the freshly built provider), so the user's ~/.terraformrc and
// environment are neither read nor changed.
type tfRunner struct {
	bin      string
	provider string // absolute path of the provider binary
	env      []string
	logDir   string
}

func newTFRunner(bin, work, pluginDir string) (*tfRunner, error) {
	cliConfig := filepath.Join(work, "terraform.rc")
	if err := devprovider.WriteCLIConfig(cliConfig, pluginDir); err != nil {
		return nil, err
	}
	return newRunnerWithConfig(bin, work, cliConfig, filepath.Join(pluginDir, devprovider.BinaryName))
}

// newRunnerWithConfig is a runner whose terraform reads the CLI
// configuration at cliConfig and whose provider processes run the binary
// provider (absolute), with its logs in work/logs.
func newRunnerWithConfig(bin, work, cliConfig, provider string) (*tfRunner, error) {
	logDir := filepath.Join(work, "logs")
	if err := os.MkdirAll(logDir, 0o750); err != nil {
		return nil, err
	}
	env := append(filteredEnv(), "TF_CLI_CONFIG_FILE="+cliConfig, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	return &tfRunner{bin: bin, provider: provider, env: env, logDir: logDir}, nil
}

// tfResult is one terraform command: how long it took, its exit code and
// what the provider processes it started used.
type tfResult struct {
	Elapsed   time.Duration
	ExitCode  int
	Processes int
	PeakRSS   int64
	CPU       time.Duration
}

// run executes terraform in dir with extra environment, writing its output
// to logs/<logName>.log. Exit code 2 (with -detailed-exitcode: changes
// present) is returned, not treated as an error.
func (t *tfRunner) run(ctx context.Context, dir string, extraEnv []string, logName string, args ...string) (tfResult, error) {
	logPath := filepath.Join(t.logDir, logName+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return tfResult{}, err
	}
	defer func() { _ = logFile.Close() }()

	cmd := exec.CommandContext(ctx, t.bin, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, logFile, logFile
	cmd.Env = append(append([]string{}, t.env...), extraEnv...)
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return tfResult{}, err
	}
	watch := watchChildren(cmd.Process.Pid, t.provider, 10*time.Millisecond)
	waitErr := cmd.Wait()
	res := tfResult{Elapsed: time.Since(started)}
	res.Processes, res.PeakRSS, res.CPU = watch.Stop()

	var exit *exec.ExitError
	switch {
	case waitErr == nil:
	case errors.As(waitErr, &exit) && exit.ExitCode() == 2 && slices.Contains(args, "-detailed-exitcode"):
		res.ExitCode = 2
	default:
		return res, fmt.Errorf("terraform %s in %s: %w\n%s", strings.Join(args, " "), dir, waitErr, tail(logPath, 30))
	}
	return res, nil
}

// tail answers the last n lines of a file, for error messages.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

// filteredEnv drops the user's esign and Terraform settings that would
// change what is measured.
func filteredEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "ESIGN_") || strings.HasPrefix(name, "TF_") {
			continue
		}
		out = append(out, kv)
	}
	return out
}
