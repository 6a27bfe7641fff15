package client

import (
	"strings"
	"sync"
)

// redactor replaces every known secret in a text. It is shared by error
// construction and logging so that a token, a subscription key, a password
// or a webhook header value cannot leak through an echoed response body.
type redactor struct {
	mu      sync.RWMutex
	secrets []string
}

const redacted = "[redacted]"

// minSecretLength stops one-character "secrets" from shredding messages.
const minSecretLength = 4

func (r *redactor) add(values ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, v := range values {
		if len(v) < minSecretLength {
			continue
		}
		known := false
		for _, s := range r.secrets {
			if s == v {
				known = true
				break
			}
		}
		if !known {
			r.secrets = append(r.secrets, v)
		}
	}
}

func (r *redactor) redact(text string) string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, s := range r.secrets {
		text = strings.ReplaceAll(text, s, redacted)
	}
	return text
}

// redactedError is an error whose text has every known secret replaced. It
// unwraps to the original error, so that errors.As and errors.Is still see
// what happened (a refused connection, a timeout); a caller must print
// this error, never what it unwraps to.
type redactedError struct {
	text  string
	cause error
}

func (e *redactedError) Error() string { return e.text }

func (e *redactedError) Unwrap() error { return e.cause }

// redactError wraps err with its text redacted.
func (r *redactor) redactError(err error) error {
	return &redactedError{text: r.redact(err.Error()), cause: err}
}
