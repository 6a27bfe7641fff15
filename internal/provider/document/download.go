// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package document

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// documentFile is what the data source and the action both take, with the same words and rules.
type documentFile struct {
	BlobConnectionID types.String `tfsdk:"blob_connection_id"`
	OutputPath       types.String `tfsdk:"output_path"`
	FilePermission   types.String `tfsdk:"file_permission"`
}

const blobConnectionIDDescription = "The `blobConnectionId` the service returned when the documents were uploaded."

const outputPathDescription = "File to write the document to, relative to Terraform's working directory or absolute; its " +
	"folder must exist (checked before the download). The document is written to a temporary file beside it, then renamed over it."

var nonEmpty = []validator.String{stringvalidator.LengthAtLeast(1)}

const filePermissionDescription = "Mode of the file written to `output_path`, as an octal string such as `\"0640\"`, set " +
	"before any byte is written (the umask does not apply). Defaults to `0600`, whatever the mode of a file already there: " +
	"a signed document may hold personal data."

var filePermissionRule = stringvalidator.RegexMatches(regexp.MustCompile(`^0?[0-7]{3}$`), `must be an octal file mode such as "0600"`)

// fileMode is file_permission, else 0600 whatever the mode of a file already there: a document may hold personal
// data, and a placeholder made under umask 022 would make it readable by everyone.
func fileMode(permission types.String) fs.FileMode {
	mode, err := strconv.ParseUint(permission.ValueString(), 8, 32) // validated by filePermissionRule; null is ""
	if err != nil {
		return 0o600
	}
	return fs.FileMode(mode)
}

// download streams the document into OutputPath (if set) and inline (if not nil), and answers its size and SHA-256
// digest. The file is written to a temporary file beside it and renamed over it once whole, so readers never see
// half a document.
func (f documentFile) download(ctx context.Context, pd *framework.ProviderData, inline *cappedBuffer, diags *diag.Diagnostics) (
	size int64, sum string, ok bool) {
	blobID := f.BlobConnectionID.ValueString()
	outputPath := f.OutputPath.ValueString()
	hash := sha256.New()
	writers := []io.Writer{hash}
	if inline != nil {
		writers = append(writers, inline)
	}
	var tmp *os.File
	var err error
	if outputPath != "" {
		tmp, err = createTemp(outputPath, fileMode(f.FilePermission)) // before spending a download on it
		if err != nil {
			diags.AddAttributeError(path.Root("output_path"), "Cannot write output_path", err.Error())
			return 0, "", false
		}
		defer func() {
			// Both fail harmlessly after the rename.
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}()
		writers = append(writers, tmp)
	}

	size, err = pd.Client.DownloadDocument(ctx, blobID, io.MultiWriter(writers...))
	switch {
	case client.IsNotFound(err):
		diags.AddAttributeError(path.Root("blob_connection_id"), "Signed document not found",
			fmt.Sprintf("The service has no document with blob_connection_id %q (GET /storage/document/{blobConnectionId} answered 404). "+
				"Use the blobConnectionId returned when the documents were uploaded; signed documents are available once the signature request is completed.", blobID))
		return 0, "", false
	case errors.Is(err, errContentTooLarge):
		diags.AddAttributeError(path.Root("include_content"), "Document too large for include_content",
			fmt.Sprintf("The document with blob_connection_id %q is larger than %d bytes (4 MiB), the limit of content_base64, which keeps the Terraform state small. "+
				"Set include_content = false and use output_path to write the document to a file instead.", blobID, maxInlineContent))
		return 0, "", false
	case err != nil:
		pd.AddAPIError(diags, fmt.Sprintf("Could not download the document with blob_connection_id %q", blobID), err)
		return 0, "", false
	}

	if tmp != nil {
		err = errors.Join(tmp.Sync(), tmp.Close())
		if err == nil {
			err = os.Rename(tmp.Name(), outputPath)
		}
		if err != nil {
			diags.AddAttributeError(path.Root("output_path"), "Cannot write output_path", fmt.Sprintf("output_path %q: %s", outputPath, err))
			return 0, "", false
		}
		tflog.Debug(ctx, "signed document written", map[string]any{
			"output_path": outputPath,
			"size":        size,
		})
	}
	return size, hex.EncodeToString(hash.Sum(nil)), true
}

// createTemp opens a new file (O_EXCL) beside dest and sets its mode before any byte is written, so the umask
// does not apply.
func createTemp(dest string, mode fs.FileMode) (*os.File, error) {
	dir := filepath.Dir(dest)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("output_path %q: its folder %q does not exist. Create the folder first; the provider does not create folders", dest, dir)
	case err != nil:
		return nil, fmt.Errorf("output_path %q: %w", dest, err)
	case !info.IsDir():
		return nil, fmt.Errorf("output_path %q: %q is not a folder", dest, dir)
	}
	if info, err := os.Lstat(dest); err == nil && info.IsDir() {
		return nil, fmt.Errorf("output_path %q is a folder; give the path of a file", dest)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(dest)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("output_path %q: creating a temporary file in %q: %w", dest, dir, err)
	}
	err = f.Chmod(mode)
	if err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return nil, fmt.Errorf("output_path %q: setting mode %04o: %w", dest, mode, err)
	}
	return f, nil
}
