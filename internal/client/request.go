// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// call describes one API operation. A call that is not idempotent is retried only when it never left
// or was refused (429); once sent, a lost answer is ErrOutcomeUnknown.
type call struct {
	method     string
	route      string // the path template, for errors and logs
	url        *url.URL
	body       any // JSON-encoded when not nil
	out        any // receives a 2xx JSON answer; nil: the status is the whole answer
	idempotent bool
	stream     bool // the caller reads the body, within the attempt's timeout
	anonymous  bool // no bearer token (the login)
}

func (c *Client) doJSON(ctx context.Context, cl call, out any) error {
	cl.out = out
	_, err := c.send(ctx, cl) //nolint:bodyclose // attempt closed it once it decoded it
	return err
}

// send runs the retry loop. A JSON call's 2xx answer is decoded into cl.out and closed; a stream's is not.
func (c *Client) send(ctx context.Context, cl call) (*http.Response, error) {
	var payload []byte
	var err error
	if cl.body != nil {
		if payload, err = json.Marshal(cl.body); err != nil {
			return nil, fmt.Errorf("%s: encoding the request: %w", cl.route, err)
		}
	}
	// A host that could not be reached moments ago gets one attempt per call, so that the calls of a run do
	// not each wait out their retries for the same answer; any answer from the service forgets it.
	hostDown := time.Now().UnixNano() < c.unreachableUntil.Load()
	reauthenticated := false
	for attempt := 0; ; attempt++ {
		var token string
		if !cl.anonymous {
			token, err = c.token(ctx, "")
			if err != nil {
				return nil, err
			}
		}
		started := time.Now()
		resp, err := c.attempt(ctx, cl, payload, token)
		if err != nil {
			c.log(ctx, cl, attempt, 0, started, err)
			final := c.afterFailedAttempt(ctx, cl, attempt, hostDown, err)
			if final != nil {
				return nil, final
			}
			continue
		}
		c.unreachableUntil.Store(0) // the service answered
		c.log(ctx, cl, attempt, resp.StatusCode, started, nil)

		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		if resp.StatusCode >= 300 && resp.StatusCode < 400 {
			return nil, c.redirectError(cl, resp)
		}

		apiErr := c.apiError(cl, resp)
		if resp.StatusCode == http.StatusUnauthorized && !cl.anonymous && !reauthenticated && c.cfg.Login != nil {
			// A login token expires after 30 minutes: log in again once, not counted as a retry.
			reauthenticated = true
			if Interrupted(ctx) {
				return nil, ErrInterrupted // the 401 says the refused request did nothing
			}
			_, err := c.token(ctx, token)
			if err != nil {
				return nil, err
			}
			attempt--
			continue
		}
		switch {
		case !cl.idempotent && serverFailure(resp.StatusCode):
			return nil, fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, apiErr)
		case resp.StatusCode != http.StatusTooManyRequests && !serverFailure(resp.StatusCode):
			return nil, apiErr // a 429 was refused before processing, so even a POST may be repeated
		}
		delay := c.retryDelay(attempt)
		if after, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			if after > maxRetryAfter { // a wait the provider will not sit out: say so now, not after it
				apiErr.WaitAsked = after
				apiErr.Hint = fmt.Sprintf("The service asks to wait %s, until %s, before the next request: longer than the %s the provider waits for a rate limit, so it stopped at once. "+
					"Try again after that time.",
					after, time.Now().Add(after).UTC().Format(time.RFC3339), maxRetryAfter)
				return nil, apiErr
			}
			delay = after
		}
		if attempt >= c.cfg.MaxRetries {
			return nil, apiErr
		}
		waitErr := c.wait(ctx, delay)
		if waitErr != nil {
			return nil, apiErr
		}
	}
}

// afterFailedAttempt answers nil after waiting for the next attempt, else the error the call ends with.
func (c *Client) afterFailedAttempt(ctx context.Context, cl call, attempt int, hostDown bool, err error) error {
	badAnswer := errors.Is(err, ErrMalformedAnswer) || errors.Is(err, errAnswerTooLarge)
	switch {
	case !cl.idempotent && (badAnswer || (!dialFailed(err) && !handshakeFailed(err))):
		// Sent (neither the dial nor the handshake failed): the service may have done it.
		if !badAnswer {
			err = c.transportError(cl, err, attempt+1)
		}
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, err)
	case badAnswer:
		// A malformed or oversized answer would come again.
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", cl.route, ctx.Err())
	}
	if !hostDown && attempt < c.cfg.MaxRetries && !misconfigured(err) {
		waitErr := c.wait(ctx, c.retryDelay(attempt))
		if waitErr == nil {
			return nil
		}
	}
	terr := c.transportError(cl, err, attempt+1)
	if dialFailed(err) {
		c.unreachableUntil.Store(time.Now().Add(unreachableMemory).UnixNano())
		terr.notRetried = hostDown
	}
	return terr
}

const (
	defaultRetryBaseDelay = 250 * time.Millisecond
	maxRetryDelay         = 10 * time.Second
	maxRetryAfter         = 60 * time.Second // the longest Retry-After waited out; a longer one fails the call at once
	// unreachableMemory outlasts one call's retries (about 4 s) and is short against a run.
	unreachableMemory = 30 * time.Second
)

// retryDelay after attempt n (0-based): random in [d/2, d], d = base * 2^n, capped. The jitter keeps
// concurrent retries (Terraform runs 10 at once) out of step.
func (c *Client) retryDelay(n int) time.Duration {
	d := c.cfg.retryBaseDelay << min(n, 16)
	if d <= 0 || d > maxRetryDelay {
		d = maxRetryDelay
	}
	half := d / 2
	return half + rand.N(half+1)
}

// parseRetryAfter reads a Retry-After header: delta-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	var d time.Duration
	if secs, err := strconv.ParseUint(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		d = time.Duration(min(secs, 1<<32)) * time.Second // no overflow
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	} else {
		return 0, false
	}
	return max(d, 0), true
}

// serverFailure: 5xx answers that say nothing of whether the request was carried out (not 501, 505).
func serverFailure(code int) bool {
	return code >= http.StatusInternalServerError && code <= http.StatusGatewayTimeout &&
		code != http.StatusNotImplemented
}

// dialFailed tells a connection (to the service or its proxy) that could not be made.
func dialFailed(err error) bool {
	var opErr *net.OpError
	for errors.As(err, &opErr) {
		if opErr.Op == "dial" {
			return true
		}
		err = opErr.Err
	}
	return false
}

// handshakeFailed: nothing was sent, and the next attempt would fail the same way.
func handshakeFailed(err error) bool {
	var certErr *tls.CertificateVerificationError
	var notTLS tls.RecordHeaderError
	var alert tls.AlertError
	return errors.As(err, &certErr) || errors.As(err, &notTLS) || errors.As(err, &alert) ||
		strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// misconfigured tells the transport errors no retry can mend.
func misconfigured(err error) bool {
	var dnsErr *net.DNSError
	var proxy *proxyRefusedError
	return handshakeFailed(err) ||
		(errors.As(err, &dnsErr) && dnsErr.IsNotFound) ||
		(errors.As(err, &proxy) && proxy.code < 500)
}

// TransportError: no usable answer came (no connection, a broken one, or a timeout). Its text passed the gate.
type TransportError struct {
	Method     string
	Host       string // host:port of the base URL
	Path       string // without the query
	attempts   int
	Hint       string // what to check
	notRetried bool   // the host was unreachable moments before
	cause      error  // shown through the gate
}

func (e *TransportError) Error() string {
	attempts := "1 attempt"
	if e.attempts > 1 {
		attempts = fmt.Sprintf("%d attempts", e.attempts)
	}
	if e.notRetried {
		attempts += ", not retried: calls to this host failed the same way moments ago"
	}
	return fmt.Sprintf("%s %s at %s: %v (%s). %s", e.Method, e.Path, e.Host, e.cause, attempts, e.Hint)
}

// Unwrap lets errors.As find a *net.OpError; print the TransportError, never what it unwraps to.
func (e *TransportError) Unwrap() error { return e.cause }

func (c *Client) transportError(cl call, err error, attempts int) *TransportError {
	return &TransportError{
		Method:   cl.method,
		Host:     c.host,
		Path:     cl.url.EscapedPath(),
		attempts: attempts,
		Hint:     transportHint(err, c.host),
		cause: &redactedError{
			text: c.gate.redact(err.Error()),
			errs: []error{err},
		},
	}
}

type timeoutError struct {
	timeout time.Duration
	during  string // set when the body was late
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("no answer within the request timeout of %s%s", e.timeout, e.during)
}

func (e *timeoutError) Timeout() bool { return true }

func transportHint(err error, host string) string {
	var dnsErr *net.DNSError
	var unknownAuthority x509.UnknownAuthorityError
	var wrongName x509.HostnameError
	var invalidCert x509.CertificateInvalidError
	var notTLS tls.RecordHeaderError
	var timeout interface{ Timeout() bool }
	var late *timeoutError
	var refused *proxyRefusedError
	var opErr *net.OpError
	const proxySettings = "HTTPS_PROXY or HTTP_PROXY (NO_PROXY lists the hosts reached without one)"
	switch {
	case errors.As(err, &refused) && refused.code == http.StatusProxyAuthRequired:
		return fmt.Sprintf("The proxy at %s asks for credentials: check the user and password in %s.", refused.proxy, proxySettings)
	case errors.As(err, &refused):
		return fmt.Sprintf("The proxy at %s would not connect to %s: check %s, and the proxy's rules.", refused.proxy, host, proxySettings)
	case errors.As(err, &opErr) && opErr.Op == "proxyconnect":
		proxy := "the proxy"
		if errors.As(opErr.Err, &opErr) && opErr.Addr != nil {
			proxy += " at " + opErr.Addr.String()
		}
		return fmt.Sprintf("The connection to %s goes through %s, which could not be reached: is it running? Check %s.",
			host, proxy, proxySettings)
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return fmt.Sprintf("The host name %q does not resolve: check the host in base_url.", dnsErr.Name)
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("The host name %q could not be looked up: check the host in base_url and this machine's DNS settings.", dnsErr.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("Nothing accepts connections at %s: is the service (or the emulator) running there? Is the port in base_url right?", host)
	case strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return fmt.Sprintf("base_url says https://, but the server at %s speaks plain http: check the scheme and the port of base_url.", host)
	case errors.As(err, &notTLS):
		return fmt.Sprintf("base_url says https://, but the server at %s does not speak TLS: check the scheme and the port of base_url.", host)
	case errors.As(err, &unknownAuthority):
		return fmt.Sprintf("The certificate of %s is signed by an authority this machine does not trust (a self-signed certificate, or a proxy that inspects TLS): add that authority to the system's trust store, or check the host in base_url.", host)
	case errors.As(err, &wrongName):
		return fmt.Sprintf("The certificate of %s is not valid for that name: check the host in base_url.", host)
	case errors.As(err, &invalidCert):
		return fmt.Sprintf("The certificate of %s is not valid (expired or not yet valid?): tell the service's operators.", host)
	case errors.As(err, &late) && late.during != "":
		return fmt.Sprintf("%s answered, but its answer did not arrive in full: if the service or the network is only slow, raise the request timeout.", host)
	case errors.As(err, &timeout) && timeout.Timeout():
		return fmt.Sprintf("Is %s reachable from here (a firewall that drops packets looks like this)? If the service is only slow, raise the request timeout.", host)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET):
		return fmt.Sprintf("The connection to %s closed before the answer was complete: the service or a proxy on the way cut it.", host)
	}
	return fmt.Sprintf("Check that base_url points at the service and that %s is reachable from here.", host)
}

// answerHint knows the 400 texts of Go's and nginx's TLS servers spoken plain http to.
func answerHint(status int, body, host string) string {
	if status == http.StatusProxyAuthRequired {
		return fmt.Sprintf("A proxy between here and %s asks for credentials: check the user and password in HTTP_PROXY.", host)
	}
	if status == http.StatusBadRequest &&
		(strings.Contains(body, "HTTP request to an HTTPS server") || strings.Contains(body, "plain HTTP request was sent to HTTPS port")) {
		return fmt.Sprintf("base_url says http://, but the server at %s speaks https: use https://", host)
	}
	return ""
}

type proxyRefusedError struct {
	proxy string
	code  int
}

func (e *proxyRefusedError) Error() string {
	return fmt.Sprintf("the proxy at %s answered %s", e.proxy, StatusText(e.code))
}

// attempt sends one request; the timeout covers reading the body (decoded here for a JSON 2xx), so a
// body that stalls is a timeout like a late status line. Any other answer comes with its body open.
func (c *Client) attempt(ctx context.Context, cl call, payload []byte, token string) (*http.Response, error) {
	attemptCtx, release := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	timedOut := func(err error, during string) error {
		if attemptCtx.Err() != nil && ctx.Err() == nil {
			return &timeoutError{
				timeout: c.cfg.RequestTimeout,
				during:  during,
			}
		}
		return err
	}

	req, err := http.NewRequestWithContext(attemptCtx, cl.method, cl.url.String(), bytes.NewReader(payload))
	if err != nil {
		release()
		return nil, err
	}
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	req.Header.Set("Accept", "application/json")
	if cl.stream {
		req.Header.Set("Accept", "application/octet-stream")
	}
	req.Header.Set("Ocp-Apim-Subscription-Key", c.cfg.SubscriptionKey)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		defer release()
		return nil, timedOut(err, "")
	}
	body := &timedBody{
		ReadCloser: resp.Body,
		release:    release,
		timedOut: func(err error) error {
			return timedOut(err, ": the answer's body was still arriving")
		},
	}
	resp.Body = body
	if !cl.stream && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		err := c.readJSON(cl, resp)
		_ = body.ReadCloser.Close() // not drained: the rest of an answer too large may never come
		release()
		if err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// timedBody is an answer's body within the attempt's timeout; Close ends the attempt.
type timedBody struct {
	io.ReadCloser
	timedOut func(error) error
	release  func()
}

func (b *timedBody) Close() error {
	_, _ = io.Copy(io.Discard, io.LimitReader(b.ReadCloser, 64<<10)) // so that the connection is reused
	err := b.ReadCloser.Close()
	b.release()
	return err
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		err = b.timedOut(err)
	}
	return n, err
}

// apiError shows the answer (16 KiB at most) through the gate, which reads it all before the excerpt's cut.
func (c *Client) apiError(cl call, resp *http.Response) *APIError {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<10))
	_ = resp.Body.Close()
	text := string(bytes.TrimSpace(body))
	return &APIError{
		Method:      cl.method,
		Route:       cl.route,
		Host:        c.host,
		StatusCode:  resp.StatusCode,
		BodyExcerpt: c.gate.redact(text),
		Login:       c.cfg.Login != nil,
		Hint:        answerHint(resp.StatusCode, text, c.host),
	}
}

func (c *Client) wait(ctx context.Context, d time.Duration) error {
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < d {
		return context.DeadlineExceeded
	}
	if Interrupted(ctx) {
		return ErrInterrupted
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-interruptOf(ctx):
		return ErrInterrupted
	case <-t.C:
		return nil
	}
}

func (c *Client) log(ctx context.Context, cl call, attempt, status int, started time.Time, err error) {
	if c.cfg.Logger == nil {
		return
	}
	fields := map[string]any{
		"method":      cl.method,
		"route":       cl.route,
		"path":        cl.url.EscapedPath(),
		"attempt":     attempt + 1,
		"duration_ms": time.Since(started).Milliseconds(),
	}
	if status != 0 {
		fields["status"] = status
	}
	if err != nil {
		fields["error"] = c.gate.redact(err.Error())
	}
	c.cfg.Logger.Debug(ctx, "esign API request", fields)
}

// maxAnswerBytes caps one JSON answer, so that a huge or endless one cannot exhaust the provider's memory:
// 2.5 times the largest plausible one (50,000 subscriptions with 200-character URIs and descriptions: 26 MB).
const maxAnswerBytes = 64 << 20

// readJSON decodes resp into cl.out; a read error is a transport failure.
func (c *Client) readJSON(cl call, resp *http.Response) error {
	if cl.out == nil {
		return nil
	}
	var data []byte
	var err error
	if resp.ContentLength <= maxAnswerBytes {
		data, err = io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	}
	switch {
	case err != nil:
		return fmt.Errorf("reading the answer after %d bytes: %w", len(data), err)
	case resp.ContentLength > maxAnswerBytes || len(data) > maxAnswerBytes:
		return fmt.Errorf("%s at %s: %w", cl.route, c.host, errAnswerTooLarge)
	}
	if err := json.Unmarshal(data, cl.out); err != nil {
		return c.malformed(cl, undecodable(data, resp.Header.Get("Content-Type"), err))
	}
	return nil
}

// undecodable says why data is not the JSON expected, without quoting it.
func undecodable(data []byte, contentType string, err error) string {
	mediaType, _, _ := mime.ParseMediaType(contentType)
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return "the body is empty"
	case mediaType == "text/html" || bytes.HasPrefix(bytes.TrimSpace(data), []byte("<")):
		return fmt.Sprintf("an HTML page (%d bytes, Content-Type %q), not JSON: is base_url the root of the API, not of a web site?", len(data), contentType)
	case errors.As(err, &syntaxErr) && syntaxErr.Offset >= int64(len(data)):
		return fmt.Sprintf("the JSON ends early, after %d bytes (truncated)", len(data))
	case errors.As(err, &syntaxErr):
		return fmt.Sprintf("not valid JSON (%d bytes): %v", len(data), err)
	case errors.As(err, &typeErr):
		return fmt.Sprintf("the field %q holds a JSON %s", typeErr.Field, typeErr.Value)
	}
	return err.Error()
}

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
	err = c.confirmNotFound(ctx, err)
	if err != nil {
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
	n, err := io.Copy(w, body) // net/http fails a body that ends before its Content-Length
	if err != nil {
		return n, fmt.Errorf("%s: reading the document after %d bytes: %w", cl.route, n, err)
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

// interruptKey holds the caller's Done channel in an Uninterrupted context.
type interruptKey struct{}

// Uninterrupted keeps the values and deadline of ctx, not its cancellation; cancel releases it. After an
// interrupt, the request already sent finishes and no other starts (DESIGN.md, "Writes an interrupt does not
// cut off").
func (c *Client) Uninterrupted(ctx context.Context) (context.Context, context.CancelFunc) {
	write := context.WithValue(context.WithoutCancel(ctx), interruptKey{}, ctx.Done())
	if deadline, ok := ctx.Deadline(); ok {
		return context.WithDeadline(write, deadline)
	}
	return context.WithCancel(write)
}

func Interrupted(ctx context.Context) bool {
	select {
	case <-interruptOf(ctx):
		return true
	default:
		return false
	}
}

// interruptOf is nil (never closes) for a context that is not Uninterrupted.
func interruptOf(ctx context.Context) <-chan struct{} {
	ch, _ := ctx.Value(interruptKey{}).(<-chan struct{})
	return ch
}
