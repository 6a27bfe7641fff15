// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package hostile is the one misbehaving server of the tests, for the
// hostile-world tests only: a careless gateway in front of the emulator that
// quotes the request, secrets included, in its error answers, or damages the
// answers of requests it let through. The emulator is careful never to repeat
// a secret and always finishes its answers, so without this server a client
// that forgot to redact, or took a damaged answer for a failure, would pass
// every test. It is a package of its own so that the client's tests, which
// package acctest cannot serve (acctest imports the client), use it too.
package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Encoding is how an error answer quotes the request: the encoders that once
// hid a secret from a client's redaction.
type Encoding string

const (
	// GoJSON: the quote of the credential headers, the body and the other
	// headers, in the message, written by Go's encoding/json (\u0026, \u003c,
	// \" and a JSON body's escapes escaped again).
	GoJSON Encoding = "go"
	// DotNet: that quote, the whole answer written as .NET's System.Text.Json
	// writes it (\u0022, \u002B, upper-case hex).
	DotNet Encoding = "dotnet"
	// Form: the credential headers and the body's fields form-encoded, as a
	// gateway logs a request.
	Form Encoding = "form"
	// SlashJSON: the body alone, "/" written "\/" as PHP's json_encode and
	// .NET's DataContractJsonSerializer do.
	SlashJSON Encoding = "slash"
	// MixedJSON: the body alone, Go's \" and \\ beside \u0027 and \u002B in one
	// string, as Python's and some gateways' encoders write it.
	MixedJSON Encoding = "mixed"
	// Reversed: the GoJSON quote written back to front, in Go's JSON.
	Reversed Encoding = "reversed"
)

// Damage is how the answer of a request that was carried out reaches the
// client: the service changed, and the answer cannot say how.
type Damage string

// The Damages.
const (
	HTML          Damage = "html"           // a 200 HTML page instead, as a gateway's maintenance page
	TruncatedJSON Damage = "truncated-json" // the first half of the body, as a complete message
	EmptyObject   Damage = "empty-object"   // "{}" with the route's status
	CutBody       Damage = "cut-body"       // the whole body announced, half of it sent, the connection closed
	SlowBody      Damage = "slow-body"      // the whole body announced, half of it sent, the rest 10 minutes later
	// Unsolicited: the whole answer, then a second one nobody asked for quoting the request's credentials,
	// which Go's transport reports through the standard logger.
	Unsolicited Damage = "unsolicited"
)

// Damages lists every Damage after which the answer cannot be used.
var Damages = []Damage{HTML, TruncatedJSON, EmptyObject, CutBody, SlowBody}

// Server passes every request on to the emulator, and its answer back,
// unless told otherwise.
type Server struct {
	URL       string
	target    string
	routes    *http.ServeMux // names a request's route (emulator.Route*)
	transport *http.Transport
	done      chan struct{} // closed at the end of the test: a slow body ends
	echoes    atomic.Int64

	mu      sync.Mutex
	echo    Encoding
	refused []string
	answers map[string]string
	damages []damage
}

type damage struct {
	route string
	kind  Damage
	count int
}

// New starts a Server in front of the emulator at emulatorURL for the test.
func New(t testing.TB, emulatorURL string) *Server {
	t.Helper()
	s := &Server{target: strings.TrimSuffix(emulatorURL, "/"), routes: http.NewServeMux(), done: make(chan struct{}),
		// One connection per request: a transport that retried a dropped one would hide the drop.
		transport: &http.Transport{DisableKeepAlives: true}, answers: map[string]string{}}
	for _, route := range emulator.Routes() {
		s.routes.HandleFunc(route, func(http.ResponseWriter, *http.Request) {})
	}
	srv := httptest.NewServer(s)
	t.Cleanup(func() { close(s.done); srv.Close() })
	s.URL = srv.URL
	return s
}

// Echo makes every error answer quote the request in enc, and a dropped
// connection quote it where a header line belongs, so that Go's client
// repeats it in its error.
func (s *Server) Echo(enc Encoding) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.echo = enc
}

// Echoes answers how many answers quoted a request so far.
func (s *Server) Echoes() int64 { return s.echoes.Load() }

// Refuse makes the server answer the requests of these routes 400 itself.
func (s *Server) Refuse(routes ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refused = append(s.refused, routes...)
}

// Damage makes the next count answers of route reach the client as d damages them.
func (s *Server) Damage(route string, d Damage, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.damages = append(s.damages, damage{route, d, count})
}

// Answer makes every answer to request ("GET /hooks/v1/subscription", a
// path) carry body instead of the emulator's, with its status: a service
// answering what it should not.
func (s *Server) Answer(request, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers[request] = body
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	_, route := s.routes.Handler(r)
	s.mu.Lock()
	enc, refused := s.echo, slices.Contains(s.refused, route)
	answer, replaced := s.answers[r.Method+" "+r.URL.Path]
	var d Damage
	if i := slices.IndexFunc(s.damages, func(d damage) bool { return d.route == route }); i >= 0 {
		d = s.damages[i].kind
		if s.damages[i].count--; s.damages[i].count <= 0 {
			s.damages = slices.Delete(s.damages, i, i+1)
		}
	}
	s.mu.Unlock()

	status, header, out := http.StatusBadRequest, http.Header{"Content-Type": {"application/json"}}, []byte(`{"message":"refused"}`)
	if !refused {
		resp, err := s.forward(r, body)
		if err != nil { // the emulator dropped the connection
			line := ""
			if enc != "" {
				s.echoes.Add(1)
				line = "HTTP/1.1 502 Bad Gateway\r\n[upstream] " + strings.NewReplacer("\r", " ", "\n", " ").Replace(quote(enc, r, body)) + "\r\n\r\n"
			}
			drop(w, line)
			return
		}
		status, header = resp.StatusCode, resp.Header
		out, _ = io.ReadAll(resp.Body)
		_ = resp.Body.Close()
	}
	if replaced {
		out = []byte(answer)
	}
	if enc != "" && status >= http.StatusBadRequest {
		s.echoes.Add(1)
		out = echoed(enc, status, out, r, body)
	}
	s.send(w, r, status, header, out, d)
}

func (s *Server) forward(r *http.Request, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, s.target+r.URL.RequestURI(), bytes.NewReader(body)) //nolint:gosec // G704: the emulator, by design
	if err != nil {
		return nil, err
	}
	req.Header = r.Header.Clone()
	return s.transport.RoundTrip(req)
}

const maintenancePage = "<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>" +
	"<body><h1>We'll be back soon</h1><p>The portal is under maintenance.</p></body></html>\n"

// send writes the answer as d damages it.
func (s *Server) send(w http.ResponseWriter, r *http.Request, status int, header http.Header, body []byte, d Damage) {
	half := body[:len(body)/2]
	length, sent := len(body), body
	switch d {
	case HTML:
		header, status = http.Header{"Content-Type": {"text/html; charset=utf-8"}}, http.StatusOK
		length, sent = len(maintenancePage), []byte(maintenancePage)
	case TruncatedJSON:
		length, sent = len(half), half
	case EmptyObject:
		length, sent = 2, []byte("{}")
	case CutBody:
		// One byte more than exists, so that even an empty answer (a 202) is cut.
		length, sent = len(body)+1, half
	case SlowBody:
		sent = half
	case Unsolicited:
		drop(w, fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Length: %d\r\n\r\n%s"+
			"HTTP/1.1 200 OK\r\nX-Echo: %s %s\r\n\r\n", status, http.StatusText(status), len(body), body,
			r.Header.Get("Ocp-Apim-Subscription-Key"), r.Header.Get("Authorization")))
		return
	}
	for name, values := range header {
		if name != "Connection" {
			w.Header()[name] = values
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(length))
	w.WriteHeader(status)
	_, _ = w.Write(sent) //nolint:gosec // G705: answering what the request said is what this server is for
	switch d {
	case CutBody:
		_ = http.NewResponseController(w).Flush() // Hijack would not send what is buffered
		drop(w, "")
	case SlowBody:
		_ = http.NewResponseController(w).Flush()
		select {
		case <-time.After(10 * time.Minute): // longer than any sensible request timeout
			_, _ = w.Write(body[len(half):]) //nolint:gosec // G705: as above
		case <-r.Context().Done():
		case <-s.done:
		}
	}
}

// drop closes the connection, after writing raw if there is any.
func drop(w http.ResponseWriter, raw string) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_, _ = buf.WriteString(raw)
	_ = buf.Flush()
	_ = conn.Close()
}

// maxQuotedBody bounds how much of a request body an answer quotes.
const maxQuotedBody = 4 << 10

// quote quotes the request as enc does.
func quote(enc Encoding, r *http.Request, body []byte) string {
	body = body[:min(len(body), maxQuotedBody)]
	credentials := []string{"Authorization", "Ocp-Apim-Subscription-Key"}
	switch enc {
	case SlashJSON, MixedJSON:
		return "request was: " + string(body)
	case Form:
		form := url.Values{}
		for _, name := range credentials {
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
	// The credentials and the body first, so that a client keeping only the
	// start of an error answer still receives the secrets.
	parts := []string{"request was: " + r.Method + " " + r.URL.Path}
	for _, name := range credentials {
		if v := r.Header.Get(name); v != "" {
			parts = append(parts, name+": "+v)
		}
	}
	if len(body) > 0 {
		parts = append(parts, "body: "+string(body))
	}
	var others []string
	for name, values := range r.Header {
		if !slices.Contains(credentials, name) {
			others = append(others, name+": "+strings.Join(values, ", "))
		}
	}
	slices.Sort(others)
	return strings.Join(append(parts, others...), "; ")
}

// echoed is the error answer with the quote of the request added to its message, written in enc.
func echoed(enc Encoding, status int, answer []byte, r *http.Request, body []byte) []byte {
	var e struct {
		StatusCode int    `json:"statusCode"`
		Message    string `json:"message"`
	}
	_ = json.Unmarshal(answer, &e)
	e.StatusCode, e.Message = status, e.Message+"; "+quote(enc, r, body)
	switch enc {
	case Reversed:
		runes := []rune(e.Message)
		slices.Reverse(runes)
		e.Message = string(runes)
	case SlashJSON:
		return fmt.Appendf(nil, `{"statusCode":%d,"message":"%s"}`, status, strings.ReplaceAll(jsonString(e.Message, true), "/", `\/`))
	case MixedJSON:
		mixed := strings.NewReplacer("'", `\u0027`, "+", `\u002B`).Replace(jsonString(e.Message, false))
		return fmt.Appendf(nil, `{"statusCode":%d,"message":"%s"}`, status, mixed)
	case DotNet:
		return fmt.Appendf(nil, `{"message":%s,"statusCode":%d}`, dotNetString(e.Message), status)
	}
	out, _ := json.Marshal(e)
	return out
}

// jsonString is s as Go's encoding/json writes it in a string, without the quotes.
func jsonString(s string, escapeHTML bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s)
	out := strings.TrimSpace(b.String())
	return out[1 : len(out)-1]
}

// dotNetString is s as System.Text.Json's default encoder writes a string.
func dotNetString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20 || r > 0x7e || strings.ContainsRune("\"&'+<>`", r):
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, `\u%04X`, u)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String() + `"`
}
