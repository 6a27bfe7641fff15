// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// ListConfig leaves every attribute null for a list block without a config block.
func ListConfig(ctx context.Context, config tfsdk.Config, target any) diag.Diagnostics {
	if config.Raw.IsNull() {
		return nil
	}
	return config.Get(ctx, target)
}

// ListError explains err as AddAPIError does (data may be nil).
func ListError(data *ProviderData, summary string, err error) iter.Seq[list.ListResult] {
	var diags diag.Diagnostics
	data.AddAPIError(&diags, summary, err)
	return list.ListResultsStreamDiagnostics(diags)
}

// Limited builds at most limit of n results: those past Terraform's limit
// would be built for nothing.
func Limited(n int, limit int64, result func(i int) list.ListResult) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		for i := 0; i < n && int64(i) < limit; i++ {
			if !push(result(i)) {
				return
			}
		}
	}
}
