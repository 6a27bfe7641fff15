// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ action.ActionWithConfigure = (*signedDocumentDownloadAction)(nil)

// NewSignedDocumentDownloadAction is the esign_signed_document_download action.
func NewSignedDocumentDownloadAction() action.Action {
	return &signedDocumentDownloadAction{framework.NewActionBase("_signed_document_download", signedDocumentDownloadSchema)}
}

type signedDocumentDownloadAction struct{ framework.ActionBase }

var signedDocumentDownloadSchema = schema.Schema{
	MarkdownDescription: "Downloads a signed document from storage (`GET /storage/document/{blobConnectionId}`) into " +
		"`output_path` when the action runs (`terraform apply -invoke`, or an `action_trigger`), never at plan: " +
		"unlike the `esign_signed_document` data source, the apply of a saved plan writes it. The file is written " +
		"as the data source writes it, and its size and SHA-256 digest are reported as progress.",
	Attributes: map[string]schema.Attribute{
		"blob_connection_id": schema.StringAttribute{
			MarkdownDescription: blobConnectionIDDescription,
			Required:            true,
			Validators:          nonEmpty,
		},
		"output_path": schema.StringAttribute{
			MarkdownDescription: outputPathDescription,
			Required:            true,
			Validators:          nonEmpty,
		},
		"file_permission": schema.StringAttribute{
			MarkdownDescription: filePermissionDescription,
			Optional:            true,
			Validators:          []validator.String{filePermissionRule},
		},
	},
}

func (a *signedDocumentDownloadAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var config documentFile
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	size, sum, ok := config.download(ctx, a.ProviderData, nil, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{
		Message: fmt.Sprintf("%s: %d bytes, sha256 %s", config.OutputPath.ValueString(), size, sum),
	})
}
