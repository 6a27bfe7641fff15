// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"io"
	"net/http"
	"strconv"
)

// document is a stored blob: bytes, or a size whose bytes are generated while
// streaming, so a 500 MB download costs no memory. It is never mutated.
type document struct {
	data      []byte
	synthetic bool
	size      int64
	// PutDocumentAnswer's, instead of 200 and application/octet-stream; not saved.
	status      int
	contentType string
}

func (d *document) reader(id string) io.Reader {
	if d.synthetic {
		return SyntheticDocument(id, d.size)
	}
	return bytes.NewReader(d.data)
}

// handleStorageDownload is GET /storage/document/{blobConnectionId}.
func (e *Emulator) handleStorageDownload(w http.ResponseWriter, r *http.Request, t *tenantState) {
	id := r.PathValue("blobConnectionId")
	e.mu.Lock()
	d := t.docs[id]
	e.mu.Unlock()
	if d == nil {
		writeError(w, http.StatusNotFound, "document not found")
		return
	}
	status, contentType := http.StatusOK, "application/octet-stream"
	if d.status != 0 {
		status, contentType = d.status, d.contentType
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.FormatInt(d.size, 10))
	w.WriteHeader(status)
	_, _ = io.Copy(w, d.reader(id))
}

// PutDocument stores a copy of data for the tenant ("" = default tenant).
func (e *Emulator) PutDocument(subscriptionKey, blobConnectionID string, data []byte) {
	_ = e.putDocument(subscriptionKey, blobConnectionID, &document{data: bytes.Clone(data), size: int64(len(data))}) // printed
}

// PutDocumentAnswer makes the download answer status, contentType and body:
// what is not a document (a 204, an HTML page, JSON).
func (e *Emulator) PutDocumentAnswer(subscriptionKey, blobConnectionID string, status int, contentType string, body []byte) {
	_ = e.putDocument(subscriptionKey, blobConnectionID, &document{data: bytes.Clone(body), size: int64(len(body)), status: status, contentType: contentType}) // printed
}

// PutSyntheticDocument stores SyntheticDocument(blobConnectionID, size).
func (e *Emulator) PutSyntheticDocument(subscriptionKey, blobConnectionID string, size int64) {
	_ = e.putDocument(subscriptionKey, blobConnectionID, &document{synthetic: true, size: size}) // printed
}

func (e *Emulator) putDocument(subscriptionKey, id string, d *document) error {
	_, err := e.changeTenant(subscriptionKey, func(t *tenantState) bool { t.docs[id] = d; return true })
	return err
}

const syntheticBlock = 64 << 10

// SyntheticDocument answers the bytes of a synthetic document: a 64 KiB
// block derived from the id, each stamped with its index so that reordered
// or lost blocks change a download's digest.
func SyntheticDocument(blobConnectionID string, size int64) io.Reader {
	if size < 0 {
		size = 0
	}
	s := &synthetic{}
	seed := sha256.Sum256([]byte("esign-emulator synthetic document\x00" + blobConnectionID))
	for i := 0; i < syntheticBlock; i += sha256.Size {
		var index [4]byte
		binary.BigEndian.PutUint32(index[:], uint32(i))
		sum := sha256.Sum256(append(seed[:], index[1:]...))
		copy(s.base[i:], sum[:])
	}
	return io.NewSectionReader(s, 0, size)
}

type synthetic struct {
	base [syntheticBlock]byte
}

// ReadAt fills p with the bytes at off; the section reader bounds the size.
func (s *synthetic) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for n < len(p) {
		pos := off + int64(n)
		block, within := pos/syntheticBlock, int(pos%syntheticBlock)
		var stamp [8]byte
		binary.BigEndian.PutUint64(stamp[:], uint64(block)) //nolint:gosec // G115: block = off / size of a block, never negative
		if within < len(stamp) {
			n += copy(p[n:], stamp[within:])
			continue
		}
		n += copy(p[n:], s.base[within:])
	}
	return n, nil
}
