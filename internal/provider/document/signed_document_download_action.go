// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ action.ActionWithConfigure = (*signedDocumentDownloadAction)(nil)

// NewSignedDocumentDownloadAction is the esign_signed_document_download action.
func NewSignedDocumentDownloadAction() action.Action {
	return &signedDocumentDownloadAction{framework.NewActionBase("_signed_document_download", signedDocumentDownloadSchema)}
}

type signedDocumentDownloadAction struct{ framework.ActionBase }

type signedDocumentDownloadModel struct {
	BlobConnectionID types.String `tfsdk:"blob_connection_id"`
	OutputPath       types.String `tfsdk:"output_path"`
	FilePermission   types.String `tfsdk:"file_permission"`
}

var signedDocumentDownloadSchema = schema.Schema{
	MarkdownDescription: "Downloads a signed document from storage (`GET /storage/document/{blobConnectionId}`) into " +
		"`output_path` when the action runs (`terraform apply -invoke`, or an `action_trigger`), never at plan: " +
		"unlike the `esign_signed_document` data source, the apply of a saved plan writes it. The file is written " +
		"as the data source writes it, and its size and SHA-256 digest are reported as progress.",
	Attributes: map[string]schema.Attribute{
		"blob_connection_id": schema.StringAttribute{
			MarkdownDescription: "The `blobConnectionId` the service returned when the documents were uploaded.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"output_path": schema.StringAttribute{
			MarkdownDescription: "File to write the document to, relative to Terraform's working directory or absolute. " +
				"Its folder must exist, which is checked before the download. The file is replaced atomically: the " +
				"document is written to a temporary file in the same folder, then renamed over it.",
			Required:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"file_permission": schema.StringAttribute{
			MarkdownDescription: filePermissionDescription,
			Optional:            true,
			Validators:          []validator.String{filePermissionRule},
		},
	},
}

func (a *signedDocumentDownloadAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var config signedDocumentDownloadModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, ok := download(ctx, a.ProviderData, config.BlobConnectionID.ValueString(), config.OutputPath.ValueString(),
		fileMode(config.FilePermission), nil, &resp.Diagnostics)
	if ok {
		resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("%s: %d bytes, sha256 %s",
			config.OutputPath.ValueString(), got.size, got.sha256)})
	}
}
