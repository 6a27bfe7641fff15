// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"
)

// Answers that arrive damaged. Each of these fault kinds carries the request
// out, then sends its answer (whatever the route answered) in a form a
// client cannot use: the service has changed, and the client cannot learn
// what it changed. They exist so that a client's "unknown outcome" handling
// can be tested for each way an answer goes wrong, not only for a dropped
// connection (FaultCommitThenDrop).
const (
	// FaultCommitThenHTML answers 200 with an HTML page instead of the
	// route's answer, as a gateway's maintenance page does.
	FaultCommitThenHTML FaultKind = "commit-then-html"
	// FaultCommitThenTruncatedJSON answers the route's status with the first
	// half of its body, as a complete HTTP message (Content-Length matches).
	FaultCommitThenTruncatedJSON FaultKind = "commit-then-truncated-json"
	// FaultCommitThenEmptyObject answers the route's status with "{}".
	FaultCommitThenEmptyObject FaultKind = "commit-then-empty-object"
	// FaultCommitThenCutBody announces the whole body (Content-Length),
	// sends half of it, then closes the connection.
	FaultCommitThenCutBody FaultKind = "commit-then-cut-body"
	// FaultCommitThenSlowBody announces the whole body, sends half of it,
	// and sends the rest only after slowBodyStall (or never, when the
	// client gives up first): longer than any sensible request timeout.
	FaultCommitThenSlowBody FaultKind = "commit-then-slow-body"
)

// garbledKinds are the kinds that carry the request out and then damage or
// drop the answer.
var garbledKinds = []FaultKind{
	FaultCommitThenDrop, FaultCommitThenHTML, FaultCommitThenTruncatedJSON,
	FaultCommitThenEmptyObject, FaultCommitThenCutBody, FaultCommitThenSlowBody,
}

// slowBodyStall is how long FaultCommitThenSlowBody holds the second half.
const slowBodyStall = 10 * time.Minute

// maintenancePage is the body of FaultCommitThenHTML.
const maintenancePage = "<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>" +
	"<body><h1>We'll be back soon</h1><p>The portal is under maintenance.</p></body></html>\n"

// recordedAnswer receives the route's answer so that a garbled fault can
// send it damaged.
type recordedAnswer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newRecordedAnswer() *recordedAnswer { return &recordedAnswer{header: http.Header{}} }

func (a *recordedAnswer) Header() http.Header { return a.header }

func (a *recordedAnswer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

func (a *recordedAnswer) WriteHeader(code int) {
	if a.status == 0 {
		a.status = code
	}
}

// sendGarbled sends the recorded answer as kind damages it.
func sendGarbled(ctx context.Context, w http.ResponseWriter, kind FaultKind, a *recordedAnswer) {
	status, body := a.status, a.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	half := body[:len(body)/2]
	switch kind {
	case FaultCommitThenDrop:
		dropWithEcho(w)
	case FaultCommitThenHTML:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(maintenancePage))
	case FaultCommitThenTruncatedJSON:
		writeAnswer(w, a.header, status, len(half), half)
	case FaultCommitThenEmptyObject:
		writeAnswer(w, a.header, status, 2, []byte("{}"))
	case FaultCommitThenCutBody:
		// One byte more is announced than exists, so that even an empty
		// answer (a 202 without a body) is cut.
		writeAnswer(w, a.header, status, len(body)+1, half)
		_ = http.NewResponseController(w).Flush() // Hijack would not send what is buffered
		dropConnection(w)
	case FaultCommitThenSlowBody:
		writeAnswer(w, a.header, status, len(body), half)
		_ = http.NewResponseController(w).Flush()
		if pause(ctx, slowBodyStall) {
			_, _ = w.Write(body[len(half):])
		}
	}
}

// writeAnswer writes status and body with the recorded headers and the
// given Content-Length.
func writeAnswer(w http.ResponseWriter, header http.Header, status, length int, body []byte) {
	for name, values := range header {
		w.Header()[name] = values
	}
	w.Header().Set("Content-Length", strconv.Itoa(length))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
