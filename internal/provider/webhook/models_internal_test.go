// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest/modelcheck"
)

// The resources read their models with framework.Get, which reads them as the framework's Get does.
func TestModelsReadAsTheFrameworksGet(t *testing.T) {
	modelcheck.ReadsAsTheFrameworksGet[subscriptionModel](t, subscriptionSchema)
	modelcheck.ReadsAsTheFrameworksGet[exclusiveModel](t, exclusiveSchema)
}
