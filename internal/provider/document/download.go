package document

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

const filePermissionDescription = "Mode of the file written to `output_path`, as an octal string such as `\"0640\"`. " +
	"Unset, a file that already exists keeps its mode, and a new file gets `0600`: a signed document may hold " +
	"personal data. The mode is set on the temporary file before any byte is written to it."

var filePermissionRule = stringvalidator.RegexMatches(regexp.MustCompile(`^0?[0-7]{3}$`), `must be an octal file mode such as "0600"`)

func fileMode(permission types.String) *fs.FileMode {
	if permission.IsNull() || permission.IsUnknown() {
		return nil
	}
	mode, _ := strconv.ParseUint(permission.ValueString(), 8, 32) // validated by filePermissionRule
	m := fs.FileMode(mode)
	return &m
}

type downloaded struct {
	size   int64
	sha256 string
}

// download streams the document into outputPath (if not "") and inline (if not
// nil); the file is replaced only by a whole document.
func download(ctx context.Context, pd *framework.ProviderData, blobID, outputPath string, perm *fs.FileMode, inline io.Writer, diags *diag.Diagnostics) (downloaded, bool) {
	// Check the destination before spending a download on it.
	hash := sha256.New()
	writers := []io.Writer{hash}
	var out *atomicFile
	if outputPath != "" {
		var err error
		if out, err = createAtomicFile(outputPath, perm); err != nil {
			diags.AddAttributeError(path.Root("output_path"), "Cannot write output_path", err.Error())
			return downloaded{}, false
		}
		defer out.Discard()
		writers = append(writers, out)
	}
	if inline != nil {
		writers = append(writers, inline)
	}

	size, err := pd.Client.DownloadDocument(ctx, blobID, io.MultiWriter(writers...))
	switch {
	case client.IsNotFound(err):
		diags.AddAttributeError(path.Root("blob_connection_id"), "Signed document not found",
			fmt.Sprintf("The service has no document with blob_connection_id %q (GET /storage/document/{blobConnectionId} answered 404). "+
				"Use the blobConnectionId returned when the documents were uploaded; signed documents are available "+
				"once the signature request is completed.", blobID))
		return downloaded{}, false
	case errors.Is(err, errContentTooLarge):
		diags.AddAttributeError(path.Root("include_content"), "Document too large for include_content",
			fmt.Sprintf("The document with blob_connection_id %q is larger than %d bytes (4 MiB), the limit of "+
				"content_base64, which keeps the Terraform state small. Set include_content = false and use "+
				"output_path to write the document to a file instead.", blobID, maxInlineContent))
		return downloaded{}, false
	case err != nil:
		pd.AddAPIError(diags, fmt.Sprintf("Could not download the document with blob_connection_id %q", blobID), err)
		return downloaded{}, false
	}

	if out != nil {
		if err := out.Commit(); err != nil {
			diags.AddAttributeError(path.Root("output_path"), "Cannot write output_path", err.Error())
			return downloaded{}, false
		}
		tflog.Debug(ctx, "signed document written", map[string]any{"output_path": outputPath, "size": size})
	}
	return downloaded{size: size, sha256: hex.EncodeToString(hash.Sum(nil))}, true
}
