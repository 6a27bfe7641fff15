// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

// The statuses of exec's own failures are those of env(1) and docker run, so that they are not read as the
// command's.
const (
	execFailed    = 125 // the emulator did not start, or the arguments are not the exec form
	execCannotRun = 126 // the command was found but could not be started
	execNotFound  = 127
)

const execForm = "esign-emulator exec [flags] -- <command> [args]"

// execCommand is `esign-emulator exec`: it serves the emulator for as long as the command after "--" runs and
// returns the command's exit status. An error is exec's own and comes with the status to exit with.
func execCommand(args []string) (int, error) {
	// From now until the command ends, SIGINT, SIGTERM and SIGHUP are the command's to act on: exec passes them on.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(signals)
	// A reader of the output that goes away (| head) must not end exec, and with it the emulator, while the
	// command still runs: a write to it fails instead.
	ignoreBrokenPipes()

	dashes := slices.Index(args, "--")
	flags := args
	var command []string
	if dashes >= 0 {
		flags = args[:dashes]
		command = args[dashes+1:]
	}
	c, err := parseFlags(flags, os.Getenv, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0, err
	}
	if len(command) == 0 {
		return execFailed, fmt.Errorf("usage: %s, such as: esign-emulator exec -quiet -- terraform test", execForm)
	}
	if err != nil {
		return execFailed, err
	}
	if !c.userSet["listen"] {
		c.listen = "127.0.0.1:0"
	}
	e, base, err := start(c)
	if err != nil {
		return execFailed, err
	}

	cmd := exec.Command(command[0], command[1:]...) //nolint:gosec // the command the user gave after --, as env(1) runs one
	cmd.Env = commandEnv(os.Environ(), base, c.tenant.SubscriptionKey, c.tenant.AccessToken)
	cmd.Stdin = os.Stdin
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	status, err := runPassingSignals(cmd, signals)
	signal.Stop(signals) // a Ctrl-C while the emulator stops ends exec at once

	stopErr := stop(e, c, c.Logf) // silent with -quiet: the command's output is what the user reads
	if stopErr != nil && status == 0 {
		status = 1
	}
	return status, errors.Join(err, stopErr)
}

// loginVariables would make the provider log in to the service with a user of its own: beside the emulator's
// access token they are "conflicting credentials", so the command does not inherit them.
var loginVariables = []string{"ESIGN_USERNAME", "ESIGN_PASSWORD", "ESIGN_TENANT_ID"}

// commandEnv is inherited with the emulator's base URL and credentials instead of any the caller had set.
func commandEnv(inherited []string, base, subscriptionKey, accessToken string) []string {
	replaced := append([]string{"ESIGN_BASE_URL", "ESIGN_SUBSCRIPTION_KEY", "ESIGN_ACCESS_TOKEN"}, loginVariables...)
	env := make([]string, 0, len(inherited)+3)
	for _, variable := range inherited {
		name, _, _ := strings.Cut(variable, "=")
		if !slices.Contains(replaced, name) {
			env = append(env, variable)
		}
	}
	env = append(env,
		"ESIGN_BASE_URL="+base,
		"ESIGN_SUBSCRIPTION_KEY="+subscriptionKey,
		"ESIGN_ACCESS_TOKEN="+accessToken)
	return env
}

// runPassingSignals runs cmd to its end, passing each signal on to it, and returns its exit status as a shell
// reports it: 128+N when signal N ended it.
func runPassingSignals(cmd *exec.Cmd, signals <-chan os.Signal) (int, error) {
	err := cmd.Start()
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		return execNotFound, err
	}
	if err != nil {
		return execCannotRun, err
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	for {
		select {
		case sig := <-signals:
			if !sentByTerminal(sig) {
				_ = cmd.Process.Signal(sig) // fails only once the command has ended, which waited tells
			}
		case err := <-waited:
			if cmd.ProcessState == nil { // not waited for: no status to pass on
				return execFailed, err
			}
			status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if ok && status.Signaled() {
				return 128 + int(status.Signal()), nil
			}
			return cmd.ProcessState.ExitCode(), nil
		}
	}
}
