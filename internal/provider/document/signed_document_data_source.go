package document

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
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
	BlobConnectionID types.String `tfsdk:"blob_connection_id"`
	OutputPath       types.String `tfsdk:"output_path"`
	IncludeContent   types.Bool   `tfsdk:"include_content"`
	SHA256           types.String `tfsdk:"sha256"`
	Size             types.Int64  `tfsdk:"size"`
	ContentBase64    types.String `tfsdk:"content_base64"`
}

var signedDocumentSchema = schema.Schema{
	MarkdownDescription: "Downloads a signed document from storage (`GET /storage/document/{blobConnectionId}`) and " +
		"reports its SHA-256 digest and size; optionally writes it to `output_path` and/or returns it as " +
		"`content_base64`. The download is streamed: only `include_content` holds the document in memory, and " +
		"only up to 4 MiB. Signed documents are available once the `SignatureRequestCompleted` event was received.\n\n" +
		"The document is downloaded each time Terraform reads the data source (every plan and apply).",
	Attributes: map[string]schema.Attribute{
		"blob_connection_id": schema.StringAttribute{
			MarkdownDescription: "The `blobConnectionId` the service returned when the documents were uploaded.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"output_path": schema.StringAttribute{
			MarkdownDescription: "File to write the document to (mode `0644`), relative to Terraform's working directory " +
				"or absolute. Its folder must exist. The file is replaced atomically: it is written to a temporary file " +
				"in the same folder, then renamed.",
			Optional:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
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
			MarkdownDescription: "The document, base64-encoded; null unless `include_content = true`. Sensitive: signed " +
				"documents may hold personal data, so Terraform does not show it in plans or output (an `output` that " +
				"passes it on needs `sensitive = true`).",
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
	blobID := state.BlobConnectionID.ValueString()

	// Check the destination before spending a download on it.
	var out *atomicFile
	if !state.OutputPath.IsNull() {
		var err error
		if out, err = createAtomicFile(state.OutputPath.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("output_path"), "Cannot write output_path", err.Error())
			return
		}
		defer out.Discard()
	}

	hash := sha256.New()
	writers := []io.Writer{hash}
	if out != nil {
		writers = append(writers, out)
	}
	var content *cappedBuffer
	if state.IncludeContent.ValueBool() {
		content = &cappedBuffer{limit: maxInlineContent}
		writers = append(writers, content)
	}

	size, err := d.Client.DownloadDocument(ctx, blobID, io.MultiWriter(writers...))
	switch {
	case client.IsNotFound(err):
		resp.Diagnostics.AddAttributeError(path.Root("blob_connection_id"), "Signed document not found",
			fmt.Sprintf("The service has no document with blob_connection_id %q (GET /storage/document/{blobConnectionId} answered 404). "+
				"Use the blobConnectionId returned when the documents were uploaded; signed documents are available "+
				"once the signature request is completed.", blobID))
		return
	case errors.Is(err, errContentTooLarge):
		resp.Diagnostics.AddAttributeError(path.Root("include_content"), "Document too large for include_content",
			fmt.Sprintf("The document with blob_connection_id %q is larger than %d bytes (4 MiB), the limit of "+
				"content_base64, which keeps the Terraform state small. Set include_content = false and use "+
				"output_path to write the document to a file instead.", blobID, maxInlineContent))
		return
	case err != nil:
		d.ProviderData.AddAPIError(&resp.Diagnostics, fmt.Sprintf("Could not download the document with blob_connection_id %q", blobID), err)
		return
	}

	if out != nil {
		if err := out.Commit(); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("output_path"), "Cannot write output_path", err.Error())
			return
		}
		tflog.Debug(ctx, "signed document written", map[string]any{"output_path": state.OutputPath.ValueString(), "size": size})
	}

	state.SHA256 = types.StringValue(hex.EncodeToString(hash.Sum(nil)))
	state.Size = types.Int64Value(size)
	state.ContentBase64 = types.StringNull()
	if content != nil {
		state.ContentBase64 = types.StringValue(base64.StdEncoding.EncodeToString(content.Bytes()))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// errContentTooLarge stops a download that would exceed maxInlineContent.
var errContentTooLarge = errors.New("document larger than the include_content limit")

// cappedBuffer keeps at most limit bytes; a write beyond it fails before
// anything more is buffered, which aborts the download.
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
