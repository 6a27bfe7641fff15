package main

// The floor: a bare terraform-plugin-go provider (floor-provider: no
// framework, no validation, no network; plan, read and apply echo what
// Terraform sends) with resources of the esign resources' attribute shapes.
// Planned with as many resources in the same blocks, it is what any plugin
// costs Terraform per resource, so this provider ÷ floor is this provider's
// own overhead.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

const (
	// floorAddress is floor-provider's registry address (its const address).
	floorAddress = "registry.terraform.io/esign-oss/floor"
	floorPackage = "./internal/cmd/esign-bench/floor-provider"
	// floorBinary is the file name terraform looks for in the dev_overrides
	// folder of a provider of type floor.
	floorBinary = "terraform-provider-floor"
)

// newFloorRunner builds floor-provider (run in repo) into dir/plugins and
// answers a runner whose CLI configuration, in dir, serves it through
// dev_overrides, as the esign runner's serves the esign provider.
// With quietLogs the floor's SDK logs are off, as this provider turns its
// own off; by default the floor is plugin-go as it comes.
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

// floorCLIConfig serves the floor from pluginDir and installs every other
// provider as usual.
func floorCLIConfig(pluginDir string) string {
	return fmt.Sprintf(`provider_installation {
  dev_overrides {
    %q = %q
  }
  direct {}
}
`, floorAddress, pluginDir)
}
