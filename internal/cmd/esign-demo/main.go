// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command esign-demo is what `make demo` runs: it builds the provider, starts
// the emulator and a local HTTPS webhook receiver on 127.0.0.1, plans
// examples/demo and applies that plan with the real terraform binary through
// a temporary CLI configuration (dev_overrides; the user's ~/.terraformrc is
// never read or touched), simulates a signing, shows the events the receiver
// got and a second, empty plan. Then it stops everything and removes its
// work folder, or, with -keep (make demo KEEP=1), keeps the work folder and
// the signed document, leaves the emulator and the receiver running until
// Ctrl-C, and prints commands to explore them with.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

func main() {
	terraform := flag.String("terraform", "terraform", "terraform binary (>= 1.5)")
	keep := flag.Bool("keep", false, "keep the work folder and the signed document, and the emulator and the receiver running until Ctrl-C, to explore")
	flag.Parse()

	started := time.Now()
	if err := run(*terraform, *keep, onSignal); err != nil {
		fmt.Fprintln(os.Stderr, "\ndemo failed:", err)
		os.Exit(1)
	}
	fmt.Printf("\nDemo finished in %s.\n", time.Since(started).Round(100*time.Millisecond))
}

// onSignal answers a channel closed by Ctrl-C or SIGTERM, which then no
// longer end the process, and the function that gives them back.
func onSignal() (<-chan struct{}, func()) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	return ctx.Done(), stop
}

func run(terraform string, keep bool, untilStopped func() (<-chan struct{}, func())) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	step("Building the provider")
	work, err := devprovider.NewWorkDir(ctx, repo, "esign-demo-", keep, os.Stdout)
	if err != nil {
		return err
	}
	defer work.Close()

	step("Starting a webhook receiver and the emulator on 127.0.0.1")
	receiver := newReceiver()
	defer receiver.Close()
	svc, err := startEmulator(receiver)
	if err != nil {
		return err
	}
	defer svc.Close()
	fmt.Println("emulator:", svc.url, " receiver:", receiver.URL(""))

	tf, err := newTerraform(ctx, terraform, work.Path, work.PluginDir, filepath.Join(repo, "examples", "demo"), svc, receiver)
	if err != nil {
		return err
	}

	// One plan, shown once: apply takes the saved plan and does not print it again.
	step("terraform plan -out=demo.tfplan")
	if err := tf.run("plan", "-input=false", "-out=demo.tfplan"); err != nil {
		return err
	}
	step("terraform apply demo.tfplan")
	if err := tf.run("apply", "-input=false", "demo.tfplan"); err != nil {
		return err
	}

	step("Simulating a signing: a signatory signs, then the request completes")
	if err := svc.simulateSigning(); err != nil {
		return err
	}
	receiver.Print()

	step("terraform plan again: no drift, nothing to do")
	if err := tf.run("plan", "-input=false", "-detailed-exitcode"); err != nil {
		return fmt.Errorf("the second plan was not empty: %w", err)
	}
	if !keep {
		fmt.Println("\nTo keep the emulator running and explore (drift, import, query, events): make demo KEEP=1")
		return nil
	}
	return explore(tf, work.Path, svc, receiver, untilStopped)
}

// explore leaves the emulator and the receiver running, with their logs
// switched on, until the user stops the demo.
func explore(tf *terraformRunner, work string, svc *demoService, r *receiver, untilStopped func() (<-chan struct{}, func())) error {
	ids, err := tf.subscriptionIDs()
	if err != nil {
		return err
	}
	x := exploring{work: work, configDir: tf.dir, emulatorURL: svc.url, receiverURL: r.URL(""), ids: ids, hasQuery: tf.hasQuery(), terraform: terraformCommand(tf.bin)}
	if err := writeEnvFile(x.envFile(), tf.own); err != nil {
		return err
	}
	stopped, release := untilStopped()
	defer release()
	step("Still running, to explore: the emulator and the receiver, until Ctrl-C here")
	fmt.Print("\n" + x.nextSteps())
	svc.live.Store(true)
	r.live.Store(true)
	<-stopped
	svc.live.Store(false)
	r.live.Store(false)
	fmt.Printf("\nStopping the emulator and the receiver. The work folder stays: %s\n", work)
	return nil
}

func step(title string) {
	fmt.Printf("\n\033[1m==> %s\033[0m\n", title)
}
