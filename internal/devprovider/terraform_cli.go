// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package devprovider

import (
	"os"
	"os/exec"
	"testing"
)

// TerraformCLI is the CLI acceptance tests run as a subprocess (make test
// sets TF_ACC=1): TF_ACC_TERRAFORM_PATH, else terraform on PATH, as
// terraform-plugin-testing picks it. It skips the test without TF_ACC and
// fails it when there is no CLI at all.
func TerraformCLI(t testing.TB) string {
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
