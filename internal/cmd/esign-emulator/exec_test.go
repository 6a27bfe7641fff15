// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// helperEnv switches the test binary into the command that exec runs (helperMain).
const helperEnv = "ESIGN_EMULATOR_TEST_HELPER"

// helper is the command line of helperMain; were the switch lost, the test binary would run no test.
var helper = []string{os.Args[0], "-test.run=^$"}

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(helperMain(mode))
	}
	code := m.Run()
	if builtDir != "" {
		_ = os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

// helperMain is the command under exec. Every mode first creates the file ESIGN_EMULATOR_TEST_RAN names, so
// that a test can tell whether it ran at all, and removes what ESIGN_EMULATOR_TEST_REMOVE names.
func helperMain(mode string) int {
	ran := os.Getenv("ESIGN_EMULATOR_TEST_RAN")
	if ran != "" {
		_ = os.WriteFile(ran, nil, 0o600)
	}
	_ = os.RemoveAll(os.Getenv("ESIGN_EMULATOR_TEST_REMOVE")) // "": nothing
	switch mode {
	case "call": // the emulator with exec's variables; then stdin to stdout
		status := send(http.MethodGet, os.Getenv("ESIGN_BASE_URL")+"/hooks/v1", "", os.Getenv("ESIGN_SUBSCRIPTION_KEY"), os.Getenv("ESIGN_ACCESS_TOKEN"))
		fmt.Printf("%s %s %s %s %d\n", os.Getenv("ESIGN_BASE_URL"), os.Getenv("ESIGN_SUBSCRIPTION_KEY"), os.Getenv("ESIGN_ACCESS_TOKEN"),
			os.Getenv("ESIGN_EMULATOR_TEST_INHERITED"), status)
		_, _ = io.Copy(os.Stdout, os.Stdin)
		if status != http.StatusOK {
			return 1
		}
		return 0
	case "exit":
		code, _ := strconv.Atoi(os.Getenv("ESIGN_EMULATOR_TEST_EXIT"))
		return code
	case "login": // the login variables the command sees
		fmt.Printf("username=%q password=%q tenant=%q\n", os.Getenv("ESIGN_USERNAME"), os.Getenv("ESIGN_PASSWORD"), os.Getenv("ESIGN_TENANT_ID"))
		return 0
	case "calls": // writes a line, then calls the emulator twice a while later, silently; 5 when both were answered 200
		fmt.Println("first line")
		answered := 0
		for range 2 {
			time.Sleep(300 * time.Millisecond)
			status := send(http.MethodGet, os.Getenv("ESIGN_BASE_URL")+"/hooks/v1", "", os.Getenv("ESIGN_SUBSCRIPTION_KEY"), os.Getenv("ESIGN_ACCESS_TOKEN"))
			if status == http.StatusOK {
				answered++
			}
		}
		if answered == 2 {
			return 5
		}
		return 1
	case "kill":
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Minute)
		return 1
	case "signals": // says it waits, then exits 40 + the number of SIGINTs and SIGTERMs that reached it
		signals := make(chan os.Signal, 10)
		signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
		fmt.Println("waiting for a signal")
		<-signals
		time.Sleep(500 * time.Millisecond) // a second one, if any, arrives meanwhile
		return 41 + len(signals)
	}
	return 2
}

var (
	buildOnce sync.Once
	builtDir  string
	builtBin  string
	buildErr  error
)

// emulatorBinary builds the command once for the test binary.
func emulatorBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	buildOnce.Do(func() {
		builtDir, buildErr = os.MkdirTemp("", "esign-emulator-test-") //nolint:usetesting // one build for every test of the package, removed by TestMain
		if buildErr != nil {
			return
		}
		builtBin = filepath.Join(builtDir, "esign-emulator")
		out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// execHelper is `esign-emulator exec <flags> -- <this test binary as the helper in mode>`.
func execHelper(t *testing.T, mode string, flags ...string) *exec.Cmd {
	t.Helper()
	args := append([]string{"exec"}, flags...)
	args = append(args, "--")
	args = append(args, helper...)
	cmd := exec.Command(emulatorBinary(t), args...)
	cmd.Env = append(os.Environ(), helperEnv+"="+mode)
	return cmd
}

// exitStatus is the status a shell reports for a command that has ended.
func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatal(err)
	}
	if err != nil {
		return exitErr.ExitCode()
	}
	return 0
}

// The command sees the emulator's URL and its default tenant's credentials, calls it with them, inherits the
// rest of the environment and exec's stdin and stdout.
func TestExecGivesTheCommandTheEmulator(t *testing.T) {
	cmd := execHelper(t, "call", "-quiet", "-subscription-key", "ci-key", "-access-token", "ci-token")
	cmd.Env = append(cmd.Env, "ESIGN_EMULATOR_TEST_INHERITED=inherited", "ESIGN_BASE_URL=http://stale.invalid")
	cmd.Stdin = strings.NewReader("from stdin\n")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if status := exitStatus(t, err); status != 0 {
		t.Fatalf("exit status %d; stdout:\n%s\nstderr:\n%s", status, out, stderr.String())
	}
	fields := strings.Fields(strings.SplitN(string(out), "\n", 2)[0])
	if len(fields) != 5 || !strings.HasPrefix(fields[0], "http://127.0.0.1:") || fields[0] == "http://127.0.0.1:8787" ||
		fields[1] != "ci-key" || fields[2] != "ci-token" || fields[3] != "inherited" || fields[4] != "200" {
		t.Errorf("the command saw (base URL, key, token, inherited, status of its call): %q", fields)
	}
	if !strings.HasSuffix(string(out), "from stdin\n") {
		t.Errorf("stdin did not reach the command; stdout:\n%s", out)
	}
}

// exec exits with the command's status, and with 128+N when signal N killed it, as shells do.
func TestExecExitsWithTheCommandsStatus(t *testing.T) {
	for _, c := range []struct {
		mode, code string
		want       int
	}{
		{"exit", "0", 0},
		{"exit", "3", 3},
		{"kill", "", 128 + int(syscall.SIGKILL)},
	} {
		cmd := execHelper(t, c.mode, "-quiet")
		cmd.Env = append(cmd.Env, "ESIGN_EMULATOR_TEST_EXIT="+c.code)
		out, err := cmd.CombinedOutput()
		if status := exitStatus(t, err); status != c.want {
			t.Errorf("%s %s: exit status %d, want %d; output:\n%s", c.mode, c.code, status, c.want, out)
		}
	}
}

// A command that cannot be run exits 127 when it is not found and 126 when it cannot be started, as env(1).
func TestExecCommandNotRun(t *testing.T) {
	notExecutable := filepath.Join(t.TempDir(), "script.sh")
	if err := os.WriteFile(notExecutable, []byte("exit 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for command, want := range map[string]int{
		"esign-emulator-no-such-command": execNotFound,
		notExecutable:                    execCannotRun,
	} {
		out, err := exec.Command(emulatorBinary(t), "exec", "-quiet", "--", command).CombinedOutput()
		if status := exitStatus(t, err); status != want || !strings.Contains(string(out), command) {
			t.Errorf("exec -- %s: exit status %d, want %d, naming the command; output:\n%s", command, status, want, out)
		}
	}
}

// A command that succeeds while the emulator could not save its -state-file does not make exec succeed.
func TestExecStateFileLost(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state.json")
	cmd := execHelper(t, "exit", "-quiet", "-state-file", state)
	cmd.Env = append(cmd.Env, "ESIGN_EMULATOR_TEST_REMOVE="+dir, "ESIGN_EMULATOR_TEST_EXIT=0")
	out, err := cmd.CombinedOutput()
	if status := exitStatus(t, err); status != 1 || !strings.Contains(string(out), state) {
		t.Errorf("exit status %d, want 1, naming %s; output:\n%s", status, state, out)
	}
}

// startWaitingHelper starts cmd, whose helper runs in mode "signals", and returns once the helper waits.
func startWaitingHelper(t *testing.T, cmd *exec.Cmd) <-chan error {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	go func() { waited <- cmd.Wait() }()
	if !strings.Contains(line, "waiting for a signal") {
		t.Fatalf("the command did not start: %q, %v", line, <-waited)
	}
	return waited
}

// SIGINT (Ctrl-C) and SIGTERM sent to exec reach the command once; exec then ends with the command.
func TestExecPassesSignalsOn(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := execHelper(t, "signals", "-quiet")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		waited := startWaitingHelper(t, cmd)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-waited:
			if status := exitStatus(t, err); status != 41 {
				t.Errorf("after %s: exit status %d, want 41 (the command got it once); stderr:\n%s", sig, status, stderr.String())
			}
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("exec did not end after %s; stderr:\n%s", sig, stderr.String())
		}
	}
}

// A Ctrl-C typed in a terminal reaches the command once, though the terminal sends it to exec too.
func TestExecCtrlCInATerminal(t *testing.T) {
	script, err := exec.LookPath("script")
	if runtime.GOOS != "linux" || err != nil {
		t.Skip("needs util-linux script(1) for a terminal")
	}
	// script runs the line with $SHELL -c; exec keeps that shell out of the terminal's process group, since a
	// non-interactive dash would die of the Ctrl-C itself and script would report that instead.
	line := "exec " + shellQuote(emulatorBinary(t)) + " exec -quiet --"
	for _, arg := range helper {
		line += " " + shellQuote(arg)
	}
	cmd := exec.Command(script, "-qefc", line, "/dev/null")
	cmd.Env = append(os.Environ(), helperEnv+"=signals")
	keys, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	waited := startWaitingHelper(t, cmd)
	if _, err := keys.Write([]byte{3}); err != nil { // Ctrl-C
		t.Fatal(err)
	}
	select {
	case err := <-waited:
		if status := exitStatus(t, err); status != 41 {
			t.Errorf("after Ctrl-C: exit status %d, want 41 (the command got it once)", status)
		}
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("exec did not end after Ctrl-C")
	}
}

// shellQuote is s as one word of a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// What stops the emulator from starting, and arguments not of the exec form, fail at once with status 125,
// name the cause and never run the command; a stale -ready-file is gone all the same.
func TestExecRefuses(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = taken.Close() }()
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "state.json")
	ready := filepath.Join(dir, "ready")
	ran := filepath.Join(dir, "ran")
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"-nope", "--"}, helper...), "-nope"},
		{append([]string{"-listen", taken.Addr().String(), "-ready-file", ready, "--"}, helper...), taken.Addr().String()},
		{append([]string{"-state-file", missing, "--"}, helper...), missing},
		{append([]string{"-quiet"}, helper...), execForm},
		{[]string{"-quiet", "--"}, execForm},
	} {
		if err := os.WriteFile(ready, []byte("http://127.0.0.1:1\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(emulatorBinary(t), append([]string{"exec"}, c.args...)...)
		cmd.Env = append(os.Environ(), helperEnv+"=exit", "ESIGN_EMULATOR_TEST_RAN="+ran)
		started := time.Now()
		out, err := cmd.CombinedOutput()
		took := time.Since(started)
		if status := exitStatus(t, err); status != execFailed || !strings.Contains(string(out), c.want) || took > 3*time.Second {
			t.Errorf("exec %q: exit status %d after %s, want %d at once, naming %q; output:\n%s", c.args, status, took, execFailed, c.want, out)
		}
		if _, err := os.Stat(ran); err == nil {
			t.Errorf("exec %q ran the command", c.args)
			_ = os.Remove(ran)
		}
		if _, err := os.Stat(ready); slices.Contains(c.args, ready) && err == nil {
			t.Errorf("exec %q left the stale -ready-file", c.args)
		}
	}
}

// The command does not inherit login variables, which beside the emulator's access token the provider reads as
// conflicting credentials.
func TestExecGivesNoLoginVariables(t *testing.T) {
	cmd := execHelper(t, "login", "-quiet")
	cmd.Env = append(cmd.Env, "ESIGN_USERNAME=someone", "ESIGN_PASSWORD=hunter2", "ESIGN_TENANT_ID=tenant")
	out, err := cmd.Output()
	if status := exitStatus(t, err); status != 0 || strings.TrimSpace(string(out)) != `username="" password="" tenant=""` {
		t.Errorf("exit status %d; the command saw: %s", status, out)
	}
}

// A reader of exec's output that goes away (| head -c 1) ends neither exec nor the emulator: the command keeps
// being served and its status is exec's.
func TestExecOutlivesItsReader(t *testing.T) {
	reader, writer, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := execHelper(t, "calls") // not -quiet: the emulator logs each request to the closed pipe
	cmd.Stdout = writer
	cmd.Stderr = writer
	err = cmd.Start()
	_ = writer.Close()
	if err != nil {
		t.Fatal(err)
	}
	first := make([]byte, 1)
	_, _ = reader.Read(first)
	_ = reader.Close()
	if status := exitStatus(t, cmd.Wait()); status != 5 {
		t.Errorf("exit status %d, want 5: the command's calls were answered only while the reader was there", status)
	}
}

// Once the emulator stops, its ready file is gone: the base URL in it leads nowhere.
func TestExecRemovesTheReadyFileAtStop(t *testing.T) {
	readyFile := filepath.Join(t.TempDir(), "emulator.url")
	cmd := execHelper(t, "exit", "-quiet", "-ready-file", readyFile)
	cmd.Env = append(cmd.Env, "ESIGN_EMULATOR_TEST_EXIT=0")
	out, err := cmd.CombinedOutput()
	if status := exitStatus(t, err); status != 0 {
		t.Fatalf("exit status %d; output:\n%s", status, out)
	}
	if _, err := os.Stat(readyFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the ready file is still there after the emulator stopped (%v)", err)
	}
}
