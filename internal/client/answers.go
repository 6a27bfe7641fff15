package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// Reading a 2xx answer.
//
// The answer of a JSON call counts once its body has been read whole and
// decoded, within the same attempt's timeout as its status line: a body
// that stalls is a timeout like a late status line, and a read retries it.
// For a create, whose request reached the service, an answer that cannot be
// read or used (an HTML page, truncated JSON, JSON without the id, a body
// cut off or too slow) is a lost answer: ErrOutcomeUnknown, never a failure.
//
// A body is read up to MaxAnswerBytes: a service (or anything posing as it)
// cannot make the provider hold an answer of any size in memory.

// MaxAnswerBytes caps what the client reads of one JSON answer. The largest
// plausible answer, a list of 50,000 subscriptions with 200-character URIs
// and descriptions, is 26 MB (measured; 10.8 MB with 60-character URIs and
// 40-character descriptions), and decoding it allocates 42 MB: the cap
// leaves it 2.5 times the room. Past the cap the call fails with
// ErrAnswerTooLarge. (A 400 MB answer once drove the provider to 943 MB.)
const MaxAnswerBytes = 64 << 20

// answerError is a 2xx answer that cannot be used: malformed, or too large.
// Such an answer would come again, so a read does not retry it.
type answerError struct {
	text string // already redacted
	kind error  // ErrMalformedAnswer or ErrAnswerTooLarge
}

func (e *answerError) Error() string { return e.text }

func (e *answerError) Unwrap() error { return e.kind }

// malformed reports a 2xx answer to cl that cannot be used; problem says
// why, and is redacted (it may quote the answer).
func (c *Client) malformed(cl call, format string, args ...any) error {
	problem := fmt.Sprintf(format, args...)
	return &answerError{
		text: c.secrets.redact(fmt.Sprintf("%s at %s: the service's answer is malformed: %s", cl.route, hostPort(c.base), problem)),
		kind: ErrMalformedAnswer,
	}
}

func (c *Client) tooLarge(cl call) error {
	return &answerError{
		text: fmt.Sprintf("%s at %s: the service's answer is larger than %d MiB, the most the client reads of one answer",
			cl.route, hostPort(c.base), MaxAnswerBytes>>20),
		kind: ErrAnswerTooLarge,
	}
}

// readJSON reads the whole 2xx answer resp to cl and decodes it into
// cl.out; the caller closes the body. A read error is returned as it is (a
// transport failure); an answer that cannot be used is an *answerError.
func (c *Client) readJSON(cl call, resp *http.Response) error {
	if cl.out == nil {
		// The status is the whole answer: the body is not waited for.
		return nil
	}
	if resp.ContentLength > MaxAnswerBytes {
		return c.tooLarge(cl)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	switch {
	case err != nil:
		return fmt.Errorf("reading the answer after %d bytes: %w", len(data), err)
	case len(data) > MaxAnswerBytes:
		return c.tooLarge(cl)
	}
	if err := json.Unmarshal(data, cl.out); err != nil {
		return c.malformed(cl, "%s", undecodable(data, resp.Header.Get("Content-Type"), err))
	}
	return nil
}

// undecodable says why data, of the given content type, is not the JSON
// expected, without quoting it.
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
