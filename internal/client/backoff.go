package client

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const (
	defaultRetryBaseDelay = 250 * time.Millisecond
	maxRetryDelay         = 10 * time.Second
	// maxRetryAfter caps what the service may ask us to wait.
	maxRetryAfter = 60 * time.Second
)

// backoff computes exponential delays with jitter, so that many concurrent
// retries (Terraform runs 10 operations at once) do not hit the service in
// lock-step.
type backoff struct{ base time.Duration }

func newBackoff(base time.Duration) backoff {
	if base <= 0 {
		base = defaultRetryBaseDelay
	}
	return backoff{base: base}
}

// delay for the retry after attempt n (0-based): a random value in
// [d/2, d] where d = base * 2^n, capped.
func (b backoff) delay(n int) time.Duration {
	d := b.base << min(n, 16)
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
	if secs, err := strconv.Atoi(v); err == nil {
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	} else {
		return 0, false
	}
	return min(max(d, 0), maxRetryAfter), true
}
