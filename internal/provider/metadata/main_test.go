// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// TestMain runs this package's tests with the emulator on 127.0.0.1.
func TestMain(m *testing.M) { acctest.Main(m) }
