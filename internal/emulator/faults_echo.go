package emulator

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strings"
)

// The echo fault (FaultConfig.EchoRequest): every error answer quotes the
// request that caused it, its Authorization and Ocp-Apim-Subscription-Key
// headers and its body (a login password) first. The emulator is otherwise
// careful never to repeat a secret, so without this fault a client that
// forgot to redact error answers would pass every test; with it, such a
// client leaks in the first one.

// maxEchoedBody bounds how much of a request body an error answer quotes.
const maxEchoedBody = 4 << 10

// echoWriter carries the quote of the request to writeError.
type echoWriter struct {
	http.ResponseWriter
	echo string
}

// Unwrap lets http.ResponseController reach Hijack and Flush.
func (e *echoWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

// withEcho returns w wrapped so that error answers quote r. It reads the
// start of r's body and puts it back, so the handler still reads it whole.
func withEcho(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	head, _ := io.ReadAll(io.LimitReader(r.Body, maxEchoedBody))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	return &echoWriter{ResponseWriter: w, echo: requestEcho(r, head)}
}

// requestEcho quotes r: the credential headers first, then the body, then
// the other headers, so that a client keeping only the start of an error
// answer still receives the secrets.
func requestEcho(r *http.Request, body []byte) string {
	parts := []string{"request was: " + r.Method + " " + r.URL.Path}
	first := []string{headerAuthorization, headerSubscriptionKey}
	for _, name := range first {
		if v := r.Header.Get(name); v != "" {
			parts = append(parts, name+": "+v)
		}
	}
	if len(body) > 0 {
		parts = append(parts, "body: "+string(body))
	}
	var others []string
	for name, values := range r.Header {
		if !slices.Contains(first, name) {
			others = append(others, name+": "+strings.Join(values, ", "))
		}
	}
	slices.Sort(others)
	return strings.Join(append(parts, others...), "; ")
}

// echoOf is the quote of the request that w answers, or "". It looks
// through the writers wrapped around the echoWriter (a held answer's).
func echoOf(w http.ResponseWriter) string {
	for {
		switch v := w.(type) {
		case *echoWriter:
			return v.echo
		case interface{ Unwrap() http.ResponseWriter }:
			w = v.Unwrap()
		default:
			return ""
		}
	}
}
