// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

// The floor (floor-provider) is what any plugin costs Terraform per resource, so this provider ÷ floor is its
// own overhead (bench/README.md, "The floor").

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

const (
	floorAddress = "registry.terraform.io/esign-oss/floor"
	floorPackage = "./internal/cmd/esign-bench/floor-provider"
	floorBinary  = "terraform-provider-floor"
)

// newFloorRunner builds floor-provider into dir/plugins and serves it through dev_overrides. quietLogs turns
// its SDK logs off as this provider does its own; by default it is plugin-go as it comes.
func newFloorRunner(ctx context.Context, tfBin, repo, dir string, quietLogs bool) (*tfRunner, error) {
	pluginDir := filepath.Join(dir, "plugins")
	bin := filepath.Join(pluginDir, floorBinary)
	fmt.Printf("go build -o %s %s\n", bin, floorPackage)
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, floorPackage)
	cmd.Dir, cmd.Stdout, cmd.Stderr = repo, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build %s: %w", floorPackage, err)
	}
	cliConfig := filepath.Join(dir, "terraform.rc")
	if err := os.WriteFile(cliConfig, []byte(floorCLIConfig(pluginDir)), 0o600); err != nil {
		return nil, err
	}
	runner, err := newRunnerWithConfig(tfBin, dir, cliConfig, bin)
	if err == nil && quietLogs {
		runner.env = append(runner.env, "TF_LOG_SDK=OFF", "TF_LOG_SDK_PROTO=OFF", "TF_LOG_PROVIDER=OFF")
	}
	return runner, err
}

func floorCLIConfig(pluginDir string) string {
	return fmt.Sprintf(`provider_installation {
  dev_overrides {
    %q = %q
  }
  direct {}
}
`, floorAddress, pluginDir)
}
