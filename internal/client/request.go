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
	// idempotent calls (GET, PUT, DELETE) are retried after any transport
	// error and after 500, 502, 503 and 504; others only when the request
	// provably never left (dial error) or was refused before processing
	// (429). For them a transport error or a 5xx after the request was sent
	// is ErrOutcomeUnknown.
	idempotent bool
	// stream: the per-attempt timeout covers the headers only, and the
	// caller reads the body.
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

// doJSON sends c and decodes a 2xx JSON answer into out (if not nil).
func (c *Client) doJSON(ctx context.Context, cl call, out any) error {
	resp, err := c.send(ctx, cl)
	if err != nil {
		return err
	}
	defer resp.Close()
	if out == nil {
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("%s: decoding the answer: %w", cl.route, err)
	}
	return nil
}

// send runs the retry loop and returns the first 2xx answer.
func (c *Client) send(ctx context.Context, cl call) (*response, error) {
	var payload []byte
	if cl.body != nil {
		var err error
		if payload, err = json.Marshal(cl.body); err != nil {
			return nil, fmt.Errorf("%s: encoding the request: %w", cl.route, err)
		}
	}
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
		resp, release, err := c.attempt(ctx, cl, payload, token)
		if err != nil {
			c.log(ctx, cl, attempt, 0, started, err)
			if !cl.idempotent && !neverSent(err) {
				// Sent, then cut off (by the network, the attempt's timeout
				// or the caller's context): the service may have done it.
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				return nil, &outcomeUnknownError{route: cl.route, cause: err}
			}
			if ctx.Err() != nil {
				return nil, fmt.Errorf("%s: %w", cl.route, ctx.Err())
			}
			if attempt < c.maxRetries {
				if werr := c.wait(ctx, c.backoff.delay(attempt)); werr == nil {
					continue
				}
			}
			return nil, fmt.Errorf("%s: %w", cl.route, err)
		}
		c.log(ctx, cl, attempt, resp.StatusCode, started, nil)

		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return &response{Response: resp, release: release}, nil
		}

		apiErr := c.apiError(cl, resp)
		release()

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

// attempt sends one request. release stops the attempt's timer and frees its
// context; it must be called once the body has been read.
func (c *Client) attempt(ctx context.Context, cl call, payload []byte, token string) (*http.Response, func(), error) {
	attemptCtx, cancel := context.WithCancel(ctx)
	timer := time.AfterFunc(c.timeout, cancel)
	release := func() { timer.Stop(); cancel() }

	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(attemptCtx, cl.method, cl.url.String(), body)
	if err != nil {
		release()
		return nil, nil, err
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

	resp, err := c.http.Do(req)
	if err != nil {
		timedOut := attemptCtx.Err() != nil && ctx.Err() == nil
		release()
		if timedOut {
			return nil, nil, fmt.Errorf("no answer within the request timeout of %s", c.timeout)
		}
		// The URL holds no secret, but the error text is scrubbed anyway:
		// a transport error may quote what the other end sent. Only the
		// text: the cause stays in the chain, so neverSent can still find
		// the *net.OpError of a refused connection.
		return nil, nil, c.secrets.redactError(stripURL(err))
	}
	if cl.stream {
		// Headers arrived: a large download may take longer than one
		// attempt's timeout, so only the caller's context bounds it now.
		timer.Stop()
	}
	return resp, release, nil
}

// apiError reads a bounded, redacted excerpt of an error answer.
func (c *Client) apiError(cl call, resp *http.Response) *APIError {
	excerpt, _ := io.ReadAll(io.LimitReader(resp.Body, maxBodyExcerpt))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	return &APIError{
		Method:      cl.method,
		Route:       cl.route,
		StatusCode:  resp.StatusCode,
		RetryAfter:  resp.Header.Get("Retry-After"),
		BodyExcerpt: c.secrets.redact(string(bytes.TrimSpace(bytes.ToValidUTF8(excerpt, nil)))),
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
// the request could reach the service (so even a POST can be repeated).
func neverSent(err error) bool {
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// stripURL removes the *url.Error wrapper, whose text repeats the URL.
func stripURL(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}
