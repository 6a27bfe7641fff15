// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package devprovider

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A work folder holds the built provider where WriteCLIConfig's dev_overrides look for it.
func TestNewWorkDir(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []bool{false, true} {
		var out strings.Builder
		w, err := NewWorkDir(t.Context(), repo, "esign-devprovider-test-", keep, &out)
		if err != nil {
			t.Fatalf("keep=%t: %v\n%s", keep, err, out.String())
		}
		if _, err := os.Stat(filepath.Join(w.PluginDir, BinaryName)); err != nil || filepath.Dir(w.PluginDir) != w.Path {
			t.Errorf("keep=%t: no provider binary in %s: %v", keep, w.PluginDir, err)
		}
		// The build says what it does and how it ended (see progress).
		if o := out.String(); !strings.Contains(o, "go build -o "+filepath.Join(w.PluginDir, BinaryName)) || !strings.Contains(o, "    done in ") {
			t.Errorf("keep=%t: the build does not say what it does:\n%s", keep, o)
		}
		if printed := strings.Contains(out.String(), "work directory: "+w.Path); printed != keep {
			t.Errorf("keep=%t: printed the work directory: %t\n%s", keep, printed, out.String())
		}
		w.Close()
		_, err = os.Stat(w.Path)
		if exists := err == nil; exists != keep {
			t.Errorf("keep=%t: the folder exists after Close: %t", keep, exists)
		}
		_ = os.RemoveAll(w.Path)
	}
}
