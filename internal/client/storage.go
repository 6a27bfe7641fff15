// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// DownloadDocument streams the document into w, never holding it in memory; an answer that is not a
// document is ErrMalformedAnswer, and nothing of it reaches w.
func (c *Client) DownloadDocument(ctx context.Context, blobConnectionID string, w io.Writer) (int64, error) {
	cl := call{
		method:     http.MethodGet,
		route:      "GET /storage/document/{blobConnectionId}",
		url:        c.endpoint(nil, "storage", "document", blobConnectionID),
		idempotent: true,
		stream:     true,
	}
	resp, err := c.send(ctx, cl)
	if err = c.confirmNotFound(ctx, err); err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }()
	body := bufio.NewReaderSize(resp.Body, 512)
	head, err := body.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, fmt.Errorf("%s: reading the document: %w", cl.route, err)
	}
	if problem := notADocument(resp, head); problem != "" {
		return 0, c.malformed(cl, problem)
	}
	n, err := io.Copy(w, body)
	if err != nil {
		return n, fmt.Errorf("%s: reading the document after %d bytes: %w", cl.route, n, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return n, fmt.Errorf("%s: the document ended after %d of %d bytes", cl.route, n, resp.ContentLength)
	}
	return n, nil
}

// notADocument tells what a gateway or a misrouted base_url sends with 200: no body, a web page, JSON.
func notADocument(resp *http.Response, head []byte) string {
	contentType := resp.Header.Get("Content-Type")
	mediaType, _, _ := mime.ParseMediaType(contentType)
	switch {
	case resp.StatusCode != http.StatusOK:
		return fmt.Sprintf("%s, not a document", StatusText(resp.StatusCode))
	case len(head) == 0:
		return "200 OK with an empty body, not a document"
	case mediaType == "text/html" || strings.HasPrefix(http.DetectContentType(head), "text/html"):
		return fmt.Sprintf("an HTML page (Content-Type %q), not a document: is base_url the root of the API, not of a web site?", contentType)
	case mediaType == "application/json" || strings.HasSuffix(mediaType, "+json"):
		return fmt.Sprintf("a JSON answer (Content-Type %q), not a document", contentType)
	}
	return ""
}
