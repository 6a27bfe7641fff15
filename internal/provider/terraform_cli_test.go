package provider

// Helpers of the tests that run the terraform CLI as a subprocess, against
// the provider binary built from this checkout (internal/devprovider), for
// what terraform-plugin-testing cannot drive.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
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
	if major < 1 || (major == 1 && gotMinor < minor) {
		t.Skipf("%s is version %s: %s need 1.%d", terraformBin, v.Version, why, minor)
	}
}
