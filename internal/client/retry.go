// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"crypto/tls"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

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
	d := c.retryBaseDelay << min(n, 16)
	if d <= 0 || d > maxRetryDelay {
		d = maxRetryDelay
	}
	half := d / 2
	return half + rand.N(half+1)
}

// parseRetryAfter reads a Retry-After header: delta-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
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

// hostDown: a host that could not be reached moments ago gets one attempt per call, so that the calls of
// a run do not each wait out their retries for the same answer; any answer from the service forgets it.
func (c *Client) hostDown() bool { return time.Now().UnixNano() < c.unreachableUntil.Load() }

// retryableStatus: a 429 was refused before processing (so even a POST may be repeated); a transient
// 500 is as common as a 503. Other 5xx (501, 505) are definite answers.
func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || serverFailure(code)
}

// serverFailure tells the 5xx answers that say nothing about whether the request was carried out.
func serverFailure(code int) bool {
	switch code {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
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
	return handshakeFailed(err) || errors.As(err, &dnsErr) && dnsErr.IsNotFound ||
		errors.As(err, &proxy) && proxy.code < 500
}
