// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf16"
)

// The echo fault (FaultConfig.EchoRequest): every error answer quotes the
// request that caused it, its Authorization and Ocp-Apim-Subscription-Key
// headers and its body (a login password) first, written in the encoding
// FaultConfig.EchoEncoding names; a dropped connection first writes that
// quote where a header line belongs, so that a client's transport error
// quotes it too. The emulator is otherwise careful never to repeat a
// secret, so without this fault a client that forgot to redact would pass
// every test.

// Echo encodings (FaultConfig.EchoEncoding).
const (
	// EchoGo: the quote in the error message, written by Go's encoding/json
	// (\u0026, \u003c, \" and a JSON body's escapes escaped again).
	EchoGo = ""
	// EchoDotNet: the error answer written as .NET's System.Text.Json
	// writes it (\u0022, \u002B, upper-case hex).
	EchoDotNet = "dotnet"
	// EchoForm: the quote form-encoded, as a gateway logs a request.
	EchoForm = "form"
)

var echoEncodings = []string{EchoGo, EchoDotNet, EchoForm}

// maxEchoedBody bounds how much of a request body an error answer quotes.
const maxEchoedBody = 4 << 10

// echoWriter carries the quote of the request to writeError.
type echoWriter struct {
	http.ResponseWriter
	echo     string
	encoding string
	status   int
}

// Unwrap lets http.ResponseController reach Hijack and Flush.
func (e *echoWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

func (e *echoWriter) WriteHeader(status int) {
	e.status = status
	e.ResponseWriter.WriteHeader(status)
}

// Write rewrites an error answer in .NET's encoding when asked to.
func (e *echoWriter) Write(b []byte) (int, error) {
	if e.encoding == EchoDotNet && e.status >= 400 {
		if _, err := e.ResponseWriter.Write(dotnetEncoded(b)); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return e.ResponseWriter.Write(b)
}

// withEcho returns w wrapped so that error answers quote r. It reads the
// start of r's body and puts it back, so the handler still reads it whole.
func withEcho(w http.ResponseWriter, r *http.Request, encoding string) http.ResponseWriter {
	head, _ := io.ReadAll(io.LimitReader(r.Body, maxEchoedBody))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	echo := requestEcho(r, head)
	if encoding == EchoForm {
		echo = formEcho(r, head)
	}
	return &echoWriter{ResponseWriter: w, echo: echo, encoding: encoding}
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

// formEcho quotes r's credential headers and the fields of its JSON body
// (a string as it is, anything else as JSON) form-encoded.
func formEcho(r *http.Request, body []byte) string {
	form := url.Values{}
	for _, name := range []string{headerAuthorization, headerSubscriptionKey} {
		if v := r.Header.Get(name); v != "" {
			form.Set(name, v)
		}
	}
	var fields map[string]json.RawMessage
	_ = json.Unmarshal(body, &fields)
	for name, raw := range fields {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		form.Set(name, s)
	}
	return "request was: " + r.Method + " " + r.URL.Path + "?" + form.Encode()
}

// dotnetEncoded rewrites the strings of Go's JSON as System.Text.Json's
// default encoder writes them.
func dotnetEncoded(goJSON []byte) []byte {
	var v any
	if json.Unmarshal(goJSON, &v) != nil {
		return goJSON
	}
	var b bytes.Buffer
	writeDotNet(&b, v)
	return b.Bytes()
}

func writeDotNet(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case string:
		b.WriteByte('"')
		for _, r := range v {
			if r == '\\' {
				b.WriteString(`\\`)
				continue
			}
			if r < 0x20 || r > 0x7e || strings.ContainsRune("\"&'+<>`", r) {
				for _, u := range utf16.Encode([]rune{r}) {
					fmt.Fprintf(b, `\u%04X`, u)
				}
				continue
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
	case map[string]any:
		b.WriteByte('{')
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeDotNet(b, k)
			b.WriteByte(':')
			writeDotNet(b, v[k])
		}
		b.WriteByte('}')
	default:
		out, _ := json.Marshal(v)
		b.Write(out)
	}
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

// dropWithEcho drops the connection; under the echo fault, a status line
// and the quote as a malformed header line come first, as a broken gateway
// might send them (Go's client quotes that line in its error).
func dropWithEcho(w http.ResponseWriter) {
	if echo := echoOf(w); echo != "" {
		if conn, buf, err := http.NewResponseController(w).Hijack(); err == nil {
			line := strings.NewReplacer("\r", " ", "\n", " ").Replace(echo)
			_, _ = buf.WriteString("HTTP/1.1 502 Bad Gateway\r\n[upstream] " + line + "\r\n\r\n")
			_ = buf.Flush()
			_ = conn.Close()
			return
		}
	}
	dropConnection(w)
}
