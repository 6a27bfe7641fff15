package client

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// DownloadDocument streams GET /storage/document/{blobConnectionId} into w
// and returns the number of bytes written. The body is copied in small
// chunks: a 500 MB document is never held in memory.
func (c *Client) DownloadDocument(ctx context.Context, blobConnectionID string, w io.Writer) (int64, error) {
	cl := call{
		method:     http.MethodGet,
		route:      "GET /storage/document/{blobConnectionId}",
		url:        c.endpoint(nil, lit("storage"), lit("document"), val(blobConnectionID)),
		idempotent: true,
		stream:     true,
	}
	resp, err := c.send(ctx, cl)
	if IsNotFound(err) {
		if werr := c.checkNotFound(ctx, err); werr != nil {
			return 0, werr
		}
	}
	if err != nil {
		return 0, err
	}
	defer resp.Close()
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		return n, fmt.Errorf("%s: reading the document after %d bytes: %w", cl.route, n, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return n, fmt.Errorf("%s: the document ended after %d of %d bytes", cl.route, n, resp.ContentLength)
	}
	return n, nil
}
