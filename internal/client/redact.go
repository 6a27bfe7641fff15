package client

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// redactor replaces every known secret in a text. It is shared by error
// construction and logging so that a token, a subscription key, a password
// or a webhook header value cannot leak through an echoed response body.
type redactor struct {
	mu      sync.RWMutex
	secrets []string // replaced wherever they occur, longest first
	tokens  []string // short secrets, replaced where they stand alone
}

const redacted = "[redacted]"

// ShortSecretLength divides the secrets (the provider's log masking uses it
// too). A shorter one ("1", "on", "abc") is
// part of many unrelated words and numbers, so replacing every occurrence
// would shred the message (a header value "40" would eat the 404 of every
// status). It is replaced only as a whole token, where it does not continue
// a word: as in "X-Flag: on" or {"X-Flag":"on"}, not in "only" (see
// replaceWholeTokens).
const ShortSecretLength = 4

func (r *redactor) add(values ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, v := range values {
		switch {
		case v == "" || slices.Contains(r.secrets, v) || slices.Contains(r.tokens, v):
		case len(v) < ShortSecretLength:
			r.tokens = append(r.tokens, v)
		default:
			r.secrets = append(r.secrets, v)
			// Longest first: a secret that contains another is replaced
			// whole, not around the shorter one.
			slices.SortStableFunc(r.secrets, func(a, b string) int { return len(b) - len(a) })
		}
	}
}

func (r *redactor) redact(text string) string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, s := range r.secrets {
		text = strings.ReplaceAll(text, s, redacted)
	}
	for _, s := range r.tokens {
		text = replaceWholeTokens(text, s)
	}
	return text
}

// replaceWholeTokens replaces the occurrences of token in text that are not
// part of a longer word: when token starts with a word character (a letter,
// a digit or "_"), the character before it must not be one, and likewise at
// its end. A token of punctuation only is replaced wherever it occurs.
// WholeTokenPattern is a regular expression that matches at least these.
func replaceWholeTokens(text, token string) string {
	var b strings.Builder
	written := 0 // text[:written] is in b (or unchanged, if b is empty)
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], token)
		if i < 0 {
			break
		}
		i += from
		end := i + len(token)
		if !wholeToken(text, token, i) {
			_, size := utf8.DecodeRuneInString(text[i:])
			from = i + size
			continue
		}
		b.WriteString(text[written:i])
		b.WriteString(redacted)
		written, from = end, end
	}
	if written == 0 {
		return text
	}
	b.WriteString(text[written:])
	return b.String()
}

// wholeToken tells whether the occurrence of token at text[i:] does not
// continue a word on either side.
func wholeToken(text, token string, i int) bool {
	first, _ := utf8.DecodeRuneInString(token)
	last, _ := utf8.DecodeLastRuneInString(token)
	continuesBefore := isWordRune(first) && wordRuneBefore(text, i)
	continuesAfter := isWordRune(last) && wordRuneAt(text, i+len(token))
	return !continuesBefore && !continuesAfter
}

// WholeTokenPattern matches token wherever replaceWholeTokens replaces it,
// for log masking. It may match more: RE2 has no look-behind, and its word
// boundary \b knows only ASCII word characters, so a token next to "é"
// matches too (a token that starts or ends with a non-ASCII letter is
// matched wherever it occurs). Masking too much is the safe side.
func WholeTokenPattern(token string) *regexp.Regexp {
	pattern := regexp.QuoteMeta(token)
	if first, _ := utf8.DecodeRuneInString(token); isASCIIWordRune(first) {
		pattern = `\b` + pattern
	}
	if last, _ := utf8.DecodeLastRuneInString(token); isASCIIWordRune(last) {
		pattern += `\b`
	}
	return regexp.MustCompile(pattern)
}

func isASCIIWordRune(r rune) bool {
	return r < utf8.RuneSelf && isWordRune(r)
}

func wordRuneBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return i > 0 && isWordRune(r)
}

func wordRuneAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return i < len(text) && isWordRune(r)
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
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
