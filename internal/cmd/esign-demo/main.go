// Command esign-demo is what `make demo` runs: it builds the provider, starts
// the emulator and a local HTTPS webhook receiver on 127.0.0.1, applies
// examples/demo with the real terraform binary through a temporary CLI
// configuration (dev_overrides; the user's ~/.terraformrc is never read or
// touched), simulates a signing, shows the events the receiver got, and
// stops everything. Nothing is left behind but what it prints.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

func main() {
	terraform := flag.String("terraform", "terraform", "terraform binary (>= 1.5)")
	keep := flag.Bool("keep", false, "keep the temporary work directory and print its path")
	flag.Parse()

	started := time.Now()
	if err := run(*terraform, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "\ndemo failed:", err)
		os.Exit(1)
	}
	fmt.Printf("\nDemo finished in %s.\n", time.Since(started).Round(100*time.Millisecond))
}

func run(terraform string, keep bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
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

	step("terraform plan")
	if err := tf.run("plan", "-input=false"); err != nil {
		return err
	}
	step("terraform apply")
	if err := tf.run("apply", "-input=false", "-auto-approve"); err != nil {
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
	step("terraform output")
	return tf.run("output")
}

func step(title string) {
	fmt.Printf("\n\033[1m==> %s\033[0m\n", title)
}
