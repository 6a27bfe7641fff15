package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// redactor replaces every known secret, in every form an encoder writes it
// (SecretForms), in error texts and log fields.
type redactor struct {
	mu       sync.Mutex
	known    map[string]bool
	long     []string          // forms of secrets of ShortSecretLength or more, longest first
	tokens   []*regexp.Regexp  // forms of shorter secrets, replaced where they stand alone
	replacer *strings.Replacer // of long; nil after an add
}

const redacted = "[redacted]"

// ShortSecretLength divides the secrets (the provider's log masking uses it
// too). A shorter one ("1", "on") is part of many unrelated words, so it is
// replaced only as a whole token (WholeTokenPattern): a header value "40"
// must not eat the 404 of every status.
const ShortSecretLength = 4

func (r *redactor) add(values ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, v := range values {
		if v == "" || r.known[v] {
			continue
		}
		if r.known == nil {
			r.known = map[string]bool{}
		}
		r.known[v] = true
		if len(v) < ShortSecretLength {
			for _, form := range SecretForms(v) {
				r.tokens = append(r.tokens, WholeTokenPattern(form))
			}
			continue
		}
		r.long = append(r.long, SecretForms(v)...)
		r.replacer = nil
	}
}

func (r *redactor) redact(text string) string {
	r.mu.Lock()
	if r.replacer == nil {
		// Longest first: at one position the Replacer takes the first
		// match in argument order, so a secret that contains another is
		// replaced whole.
		slices.SortStableFunc(r.long, func(a, b string) int { return len(b) - len(a) })
		pairs := make([]string, 0, 2*len(r.long))
		for _, s := range r.long {
			pairs = append(pairs, s, redacted)
		}
		r.replacer = strings.NewReplacer(pairs...)
	}
	replacer, tokens := r.replacer, r.tokens
	r.mu.Unlock()
	text = replacer.Replace(text)
	for _, re := range tokens {
		text = re.ReplaceAllLiteralString(text, redacted)
	}
	return text
}

// SecretForms is value as encoders write it, so that no encoding carries a
// secret past the redaction: raw; in a JSON string as Go writes it (with and
// without HTML escaping, which is also Go's %q of printable text) and as
// .NET's System.Text.Json writes it (\u0022, \u002B, upper-case hex); URL
// query (form) and path escaped; each of these encoded once more (a JSON
// body quoted inside a JSON error, a form inside JSON); hex in either case.
func SecretForms(value string) []string {
	forms := []string{value}
	for _, enc := range encoders {
		once := enc(value)
		forms = append(forms, once)
		for _, again := range encoders {
			forms = append(forms, again(once))
		}
	}
	for _, f := range forms {
		forms = append(forms, withHexCase(f, strings.ToUpper), withHexCase(f, strings.ToLower))
	}
	slices.Sort(forms)
	return slices.Compact(forms)
}

var encoders = []func(string) string{
	goJSON, goJSONWithoutHTMLEscapes, dotnetJSON, url.QueryEscape, url.PathEscape,
}

func goJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func goJSONWithoutHTMLEscapes(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}

// dotnetJSON is s in a JSON string as System.Text.Json's default encoder
// writes it: quotes, HTML-sensitive characters, "+", "`" and all that is
// not printable ASCII as upper-case \u escapes.
func dotnetJSON(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case strings.ContainsRune("\b\f\n\r\t", r):
			b.WriteString(strconv.Quote(string(r))[1:3])
		case r < 0x20 || r > 0x7e || strings.ContainsRune("\"&'+<>`", r):
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, `\u%04X`, u)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var escapedHex = regexp.MustCompile(`\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2}`)

// withHexCase is s with the hex digits of its \u and % escapes converted.
func withHexCase(s string, convert func(string) string) string {
	return escapedHex.ReplaceAllStringFunc(s, func(m string) string {
		i := strings.IndexAny(m, "u%") + 1
		return m[:i] + convert(m[i:])
	})
}

// WholeTokenPattern matches token where it does not continue a word: a
// word character (letter, digit, "_") at either end of it must not be
// next to another. RE2's \b knows only ASCII, so next to "é" it matches
// too: masking too much is the safe side.
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
	return r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
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
