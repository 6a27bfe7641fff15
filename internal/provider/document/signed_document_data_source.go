// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ datasource.DataSourceWithConfigure = (*signedDocumentDataSource)(nil)

// maxInlineContent bounds content_base64: the state keeps every byte of it
// (and a third more for base64), so larger documents go to output_path.
const maxInlineContent = 4 << 20

// NewSignedDocumentDataSource is the esign_signed_document data source.
func NewSignedDocumentDataSource() datasource.DataSource {
	return &signedDocumentDataSource{framework.NewDataSourceBase("_signed_document", signedDocumentSchema)}
}

type signedDocumentDataSource struct{ framework.DataSourceBase }

type signedDocumentDataSourceModel struct {
	documentFile
	IncludeContent types.Bool   `tfsdk:"include_content"`
	SHA256         types.String `tfsdk:"sha256"`
	Size           types.Int64  `tfsdk:"size"`
	ContentBase64  types.String `tfsdk:"content_base64"`
}

var signedDocumentSchema = schema.Schema{
	MarkdownDescription: "Downloads a signed document from storage (`GET /storage/document/{blobConnectionId}`), streamed, " +
		"and reports its SHA-256 digest and size; optionally writes it to `output_path` and/or returns it as `content_base64` " +
		"(up to 4 MiB, the only copy held in memory). Signed documents are available once `SignatureRequestCompleted` was " +
		"received.\n\nTerraform reads it, writing `output_path`, at every plan and refresh (`terraform destroy` too), but " +
		"not at the apply of a saved plan: the `esign_signed_document_download` action downloads at apply.",
	Attributes: map[string]schema.Attribute{
		"blob_connection_id": schema.StringAttribute{
			MarkdownDescription: blobConnectionIDDescription,
			Required:            true,
			Validators:          nonEmpty,
		},
		"output_path": schema.StringAttribute{
			MarkdownDescription: outputPathDescription,
			Optional:            true,
			Validators:          nonEmpty,
		},
		"file_permission": schema.StringAttribute{
			MarkdownDescription: filePermissionDescription,
			Optional:            true,
			Validators: []validator.String{
				filePermissionRule,
				stringvalidator.AlsoRequires(path.MatchRoot("output_path")),
			},
		},
		"include_content": schema.BoolAttribute{
			MarkdownDescription: "Return the document in `content_base64`. Defaults to `false`. Refused for documents " +
				"larger than 4 MiB (4194304 bytes), which would bloat the state: use `output_path` for those.",
			Optional: true,
		},
		"sha256": schema.StringAttribute{
			MarkdownDescription: "SHA-256 digest of the document, lower-case hex.",
			Computed:            true,
		},
		"size": schema.Int64Attribute{
			MarkdownDescription: "Size of the document in bytes.",
			Computed:            true,
		},
		"content_base64": schema.StringAttribute{
			MarkdownDescription: "The document, base64-encoded; null unless `include_content = true`. Sensitive: a signed " +
				"document may hold personal data (an `output` that passes it on needs `sensitive = true`).",
			Computed:  true,
			Sensitive: true,
		},
	},
}

func (d *signedDocumentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state signedDocumentDataSourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var content *cappedBuffer
	if state.IncludeContent.ValueBool() {
		content = &cappedBuffer{limit: maxInlineContent}
	}
	size, sum, ok := state.download(ctx, d.ProviderData, content, &resp.Diagnostics)
	if !ok {
		return
	}
	state.SHA256 = types.StringValue(sum)
	state.Size = types.Int64Value(size)
	state.ContentBase64 = types.StringNull()
	if content != nil {
		state.ContentBase64 = types.StringValue(base64.StdEncoding.EncodeToString(content.Bytes()))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var errContentTooLarge = errors.New("document larger than the include_content limit")

// cappedBuffer fails a write beyond limit, which aborts the download.
type cappedBuffer struct {
	bytes.Buffer
	limit int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.limit {
		return 0, errContentTooLarge
	}
	return b.Buffer.Write(p)
}
