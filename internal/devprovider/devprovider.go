// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package devprovider runs terraform against a provider built from this
// checkout: it builds the binary and writes a CLI configuration whose
// dev_overrides point at it. The demo, the benchmark and the tests that run
// terraform as a subprocess use it; the user's ~/.terraformrc is never read or changed, since callers
// pass the written file in TF_CLI_CONFIG_FILE.
package devprovider

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// Address is the provider's registry address that dev_overrides replace.
// It equals provider.RegistryAddress (not imported here: the provider's own
// tests use this package).
const Address = "registry.terraform.io/esign-oss/esign"

// OpenTofuAddress is the address OpenTofu gives `source = "esign-oss/esign"`:
// it fills in its own registry's host. Terraform and OpenTofu both accept
// an override for the other's host (tried with Terraform 1.5.7 and 1.11.4,
// OpenTofu 1.6.3 and 1.12.6), so the CLI configuration overrides both and
// one configuration serves either client.
const OpenTofuAddress = "registry.opentofu.org/esign-oss/esign"

// BinaryName is the file name terraform looks for in a dev_overrides folder.
const BinaryName = "terraform-provider-esign"

// FirstBuildTime is how long the first build of the provider takes on a
// 2-core machine whose Go caches are empty (downloading its modules and
// compiling some 440 packages); a build whose packages are in Go's build
// cache takes seconds. Build tells its reader so before it starts.
const FirstBuildTime = "about 3 minutes"

// Build runs `go build` of pkg (run in dir) into pluginDir/BinaryName and
// returns pluginDir. It says on out what it builds and how long that usually
// takes, then reports its progress every 15 seconds (see progress);
// compiler errors go to out as they come. The build takes go's default
// flags (no -trimpath), as go test does: the tests that build the provider
// then find its packages in Go's build cache instead of compiling them all
// again, which on an empty cache took minutes.
func Build(ctx context.Context, dir, pkg, pluginDir string, out io.Writer) (string, error) {
	bin := filepath.Join(pluginDir, BinaryName)
	_, _ = fmt.Fprintf(out, "go build -o %s %s\n    (the first time %s on 2 cores; seconds once Go's build cache has it)\n", bin, pkg, FirstBuildTime)
	p := newProgress(out)
	stop := make(chan struct{})
	go p.reportEvery(progressInterval, stop)
	cmd := exec.CommandContext(ctx, "go", "build", "-v", "-o", bin, pkg)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, p, p
	err := cmd.Run()
	close(stop)
	p.finish(err)
	if err != nil {
		return "", fmt.Errorf("go build %s: %w", pkg, err)
	}
	return pluginDir, nil
}

// WriteCLIConfig writes a CLI configuration to path that serves the
// provider from pluginDir, at both Address and OpenTofuAddress, and
// installs every other provider as usual.
func WriteCLIConfig(path, pluginDir string) error {
	rc := fmt.Sprintf(`provider_installation {
  dev_overrides {
    %q = %q
    %q = %q
  }
  direct {}
}
`, Address, pluginDir, OpenTofuAddress, pluginDir)
	return os.WriteFile(path, []byte(rc), 0o600)
}

// WorkDir is a temporary folder holding a provider built from a checkout,
// in PluginDir (for WriteCLIConfig), and whatever the caller puts beside
// it: the demo's and the benchmark's work.
type WorkDir struct {
	Path      string
	PluginDir string // Path/plugins
	keep      bool
}

// NewWorkDir makes a temporary folder whose name starts with prefix and
// builds the provider of the checkout at repo into its plugins folder,
// with compiler output to out. With keep, the folder outlives Close and its
// path is printed to out, for a look afterwards.
func NewWorkDir(ctx context.Context, repo, prefix string, keep bool, out io.Writer) (*WorkDir, error) {
	path, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	w := &WorkDir{Path: path, PluginDir: filepath.Join(path, "plugins"), keep: keep}
	if keep {
		_, _ = fmt.Fprintln(out, "work directory:", path)
	}
	if _, err := Build(ctx, repo, ".", w.PluginDir, out); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// Close removes the folder, unless it is kept.
func (w *WorkDir) Close() {
	if !w.keep {
		_ = os.RemoveAll(w.Path)
	}
}
