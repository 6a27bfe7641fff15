package provider

// Helpers of the tests that run the terraform CLI as a subprocess, against
// the provider binary built from this checkout (internal/devprovider), for
// what terraform-plugin-testing cannot drive.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// terraformCLI is the CLI the acceptance tests run: TF_ACC_TERRAFORM_PATH,
// else terraform on PATH. It skips the test without TF_ACC.
func terraformCLI(t *testing.T) string {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	if bin := os.Getenv("TF_ACC_TERRAFORM_PATH"); bin != "" {
		return bin
	}
	bin, err := exec.LookPath("terraform")
	if err != nil {
		t.Fatal("terraform is not on PATH and TF_ACC_TERRAFORM_PATH is not set")
	}
	return bin
}

// skipBelowTerraform skips the test when the CLI's version is older than
// 1.minor (OpenTofu reports its own version, 1.6.x for OpenTofu 1.6), saying
// why.
func skipBelowTerraform(t *testing.T, terraformBin string, minor int, why string) {
	t.Helper()
	if ok, version := terraformAtLeast(t, terraformBin, minor); !ok {
		t.Skipf("%s is version %s: %s need 1.%d", terraformBin, version, why, minor)
	}
}

// terraformAtLeast reports whether the CLI's version is 1.minor or newer,
// and the version it reports.
func terraformAtLeast(t *testing.T, terraformBin string, minor int) (ok bool, version string) {
	t.Helper()
	out, err := exec.Command(terraformBin, "version", "-json").Output()
	if err != nil {
		t.Fatalf("%s version -json: %v", terraformBin, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s version -json: %v", terraformBin, err)
	}
	var major, gotMinor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &gotMinor); err != nil {
		t.Fatalf("cannot read the version %q", v.Version)
	}
	return major > 1 || (major == 1 && gotMinor >= minor), v.Version
}

// devCLIDir makes a temporary work directory with a CLI configuration whose
// dev_overrides serve the provider in pluginDir, and in it an empty
// configuration directory for terraform to run in. env is terraform's
// environment: PATH, HOME in the work directory (no ~/.terraformrc), that
// CLI configuration, no checkpoint calls.
func devCLIDir(t *testing.T, pluginDir string) (work, configDir string, env []string) {
	t.Helper()
	work = t.TempDir()
	cliConfig := filepath.Join(work, "terraform.rc")
	if err := devprovider.WriteCLIConfig(cliConfig, pluginDir); err != nil {
		t.Fatal(err)
	}
	configDir = filepath.Join(work, "config")
	if err := os.Mkdir(configDir, 0o750); err != nil {
		t.Fatal(err)
	}
	return work, configDir, []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + work,
		"TF_CLI_CONFIG_FILE=" + cliConfig,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
	}
}
