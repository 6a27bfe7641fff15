package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// call describes one API operation.
type call struct {
	method string
	route  string // the path template, used in errors and logs
	url    *url.URL
	body   any // JSON-encoded when not nil
	// out receives the decoded 2xx answer of a JSON call. When nil, the
	// status is the whole answer and the body is not read.
	out any
	// idempotent calls (GET, PUT, DELETE) are retried after any transport
	// error and after 500, 502, 503 and 504; others only when the request
	// provably never left (dial error) or was refused before processing
	// (429). For them a transport error, a 5xx, or a 2xx whose body cannot
	// be read or used, after the request was sent, is ErrOutcomeUnknown.
	idempotent bool
	// stream: the caller reads the body, within the attempt's timeout.
	stream bool
	// anonymous calls carry no bearer token (the login call).
	anonymous bool
}

// response is a successful answer. Close must be called.
type response struct {
	*http.Response
	release func()
}

func (r *response) Close() {
	_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, 64<<10))
	_ = r.Body.Close()
	r.release()
}

// doJSON sends cl and decodes a 2xx JSON answer into out (if not nil).
func (c *Client) doJSON(ctx context.Context, cl call, out any) error {
	cl.out = out
	resp, err := c.send(ctx, cl)
	if err != nil {
		return err
	}
	resp.Close()
	return nil
}

// send runs the retry loop and returns the first 2xx answer; for a JSON
// call, that answer has been read and decoded into cl.out by then.
func (c *Client) send(ctx context.Context, cl call) (*response, error) {
	var payload []byte
	if cl.body != nil {
		var err error
		if payload, err = json.Marshal(cl.body); err != nil {
			return nil, fmt.Errorf("%s: encoding the request: %w", cl.route, err)
		}
	}
	budget := c.retryBudget()
	reauthenticated := false
	for attempt := 0; ; attempt++ {
		token := ""
		if !cl.anonymous {
			var err error
			if token, err = c.auth.token(ctx); err != nil {
				return nil, err
			}
		}

		started := time.Now()
		resp, err := c.attempt(ctx, cl, payload, token)
		if err != nil {
			c.log(ctx, cl, attempt, 0, started, err)
			if final := c.afterFailedAttempt(ctx, cl, attempt, budget, err); final != nil {
				return nil, final
			}
			continue
		}
		c.unreachable.forget() // the service answered
		c.log(ctx, cl, attempt, resp.StatusCode, started, nil)

		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		if isRedirect(resp.StatusCode) {
			return nil, c.redirectAnswer(cl, resp)
		}

		apiErr := c.apiError(cl, resp)
		resp.release()

		if resp.StatusCode == http.StatusUnauthorized && !cl.anonymous && !reauthenticated && c.auth.canLogin() {
			// A login token expires after 30 minutes: log in again once and
			// repeat the call. This does not count as a retry.
			reauthenticated = true
			if err := c.auth.relogin(ctx, token); err != nil {
				return nil, err
			}
			attempt--
			continue
		}
		if !cl.idempotent && serverFailure(resp.StatusCode) {
			// A server or gateway error after the request was sent: the
			// service may have carried it out.
			return nil, &outcomeUnknownError{route: cl.route, cause: apiErr}
		}
		if !retryableStatus(resp.StatusCode) {
			return nil, apiErr
		}
		if attempt >= c.maxRetries {
			return nil, apiErr
		}
		delay := c.backoff.delay(attempt)
		if after, ok := parseRetryAfter(apiErr.RetryAfter, time.Now()); ok {
			delay = after
		}
		if err := c.wait(ctx, delay); err != nil {
			return nil, apiErr
		}
	}
}

// afterFailedAttempt decides what follows attempt, which failed with err
// (a transport error, or a 2xx answer that could not be used): nil after
// waiting for the next attempt, else the error the call ends with.
func (c *Client) afterFailedAttempt(ctx context.Context, cl call, attempt int, budget retryBudget, err error) error {
	var unusable *answerError
	badAnswer := errors.As(err, &unusable)
	switch {
	case !cl.idempotent && (badAnswer || !neverSent(err)):
		// Sent, then cut off (by the network, the attempt's timeout or the
		// caller's context), or answered in a way that cannot be read: the
		// service may have done it.
		if !badAnswer {
			err = c.transportError(cl, err, attempt+1)
		}
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return &outcomeUnknownError{route: cl.route, cause: err}
	case badAnswer:
		// A malformed or oversized answer would come again.
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", cl.route, ctx.Err())
	}
	if attempt < budget.retries && !misconfigured(err) {
		if werr := c.wait(ctx, c.backoff.delay(attempt)); werr == nil {
			return nil
		}
	}
	terr := c.transportError(cl, err, attempt+1)
	if dialFailed(err) {
		c.unreachable.remember()
		terr.notRetried = budget.notRetried
	}
	return terr
}

// attempt sends one request. A 2xx answer to a JSON call is read whole and
// decoded into cl.out within the attempt's timeout; any other answer comes
// with its body open, and its release must be called once it is read.
func (c *Client) attempt(ctx context.Context, cl call, payload []byte, token string) (*response, error) {
	attemptCtx, cancel := context.WithCancel(ctx)
	timer := time.AfterFunc(c.timeout, cancel)
	release := func() { timer.Stop(); cancel() }
	// An attempt cut off by its own timer (not by the caller) timed out,
	// whether the status line or the body was late.
	timedOut := func(err error, during string) error {
		if attemptCtx.Err() != nil && ctx.Err() == nil {
			return &timeoutError{timeout: c.timeout, during: during}
		}
		return err
	}

	req, err := c.newRequest(attemptCtx, cl, payload, token)
	if err != nil {
		release()
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		err = timedOut(stripURL(err), "")
		release()
		return nil, err
	}
	resp.Body = &timedBody{ReadCloser: resp.Body, timedOut: func(err error) error {
		return timedOut(err, ": the answer's body was still arriving")
	}}
	if !cl.stream && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		err := c.readJSON(cl, resp)
		_ = resp.Body.Close()
		release()
		if err != nil {
			return nil, err
		}
	}
	return &response{Response: resp, release: release}, nil
}

// timedBody is an answer's body whose read cut off by the attempt's timer
// says so.
type timedBody struct {
	io.ReadCloser
	timedOut func(error) error
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		err = b.timedOut(err)
	}
	return n, err
}

// newRequest builds one attempt's request with the headers of every call.
func (c *Client) newRequest(ctx context.Context, cl call, payload []byte, token string) (*http.Request, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, cl.url.String(), body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", c.userAgent)
	if cl.stream {
		req.Header.Set("Accept", "application/octet-stream")
	} else {
		req.Header.Set("Accept", "application/json")
	}
	req.Header.Set("Ocp-Apim-Subscription-Key", c.auth.subscriptionKey)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// redirectAnswer is the error of a redirect answer (redirects.go). A 303
// See Other to a create says it was carried out: its outcome is unknown.
func (c *Client) redirectAnswer(cl call, resp *response) error {
	err := c.redirectError(cl, resp.Response)
	resp.Close()
	if !cl.idempotent && resp.StatusCode == http.StatusSeeOther {
		return &outcomeUnknownError{route: cl.route, cause: err}
	}
	return err
}

// apiError reads a bounded, redacted excerpt of an error answer.
func (c *Client) apiError(cl call, resp *response) *APIError {
	// The answer is redacted before it is cut to an excerpt: cut first, a
	// secret that straddles the cut would leave its first characters in the
	// error, out of reach of the redactor, which matches whole secrets only.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorAnswer))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	text := excerpt(c.secrets.redact(string(bytes.TrimSpace(bytes.ToValidUTF8(body, nil)))))
	host := hostPort(c.base)
	return &APIError{
		Method:      cl.method,
		Route:       cl.route,
		Host:        host,
		StatusCode:  resp.StatusCode,
		RetryAfter:  resp.Header.Get("Retry-After"),
		BodyExcerpt: text,
		Login:       c.auth.canLogin(),
		Hint:        answerHint(resp.StatusCode, text, host),
	}
}

func (c *Client) wait(ctx context.Context, d time.Duration) error {
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < d {
		return context.DeadlineExceeded
	}
	// After an interrupt no new attempt starts (interrupt.go).
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
	if c.logger == nil {
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
		fields["error"] = c.secrets.redact(err.Error())
	}
	c.logger.Debug(ctx, "esign API request", fields)
}

// retryableStatus tells the answers worth another attempt of a call that may
// be repeated: 429 (refused before processing, so even a POST may be
// repeated) and the server failures. A 500 is retried too: repeating a GET,
// PUT or DELETE is harmless, and a transient 500 from an overloaded service
// is as common as a 503. Other 5xx (501, 505, ...) are definite answers.
func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || serverFailure(code)
}

// serverFailure tells the 5xx answers that say nothing about whether the
// request was carried out: 500 and the gateway errors 502, 503 and 504.
func serverFailure(code int) bool {
	switch code {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// neverSent reports whether a transport error happened before any byte of
// the request could reach the service (so even a POST can be repeated): the
// connection could not be made, or its TLS handshake failed.
func neverSent(err error) bool { return dialFailed(err) || handshakeFailed(err) }

// dialFailed tells a connection that could not be made: refused, a host
// name that does not resolve, no route; to the service or to its proxy.
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

// stripURL removes the *url.Error wrapper, whose text repeats the URL.
func stripURL(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}
