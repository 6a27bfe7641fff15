package framework

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// ListConfig reads a list block's config into target. A list block without
// a config block leaves every attribute null.
func ListConfig(ctx context.Context, config tfsdk.Config, target any) diag.Diagnostics {
	if config.Raw.IsNull() {
		return nil
	}
	return config.Get(ctx, target)
}

// ListError is a list response that fails with a client error, explained as
// (*ProviderData).AddAPIError explains it (data may be nil).
func ListError(data *ProviderData, summary string, err error) iter.Seq[list.ListResult] {
	var diags diag.Diagnostics
	data.AddAPIError(&diags, summary, err)
	return list.ListResultsStreamDiagnostics(diags)
}

// Limited pushes at most limit results of n, built one by one by result:
// Terraform asks for a limit (100 unless the list block sets one), and
// results past it would be built for nothing.
func Limited(n int, limit int64, result func(i int) list.ListResult) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		for i := 0; i < n && int64(i) < limit; i++ {
			if !push(result(i)) {
				return
			}
		}
	}
}
