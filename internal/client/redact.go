// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

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

// redactor replaces every known secret in every SecretForms form (DESIGN.md, "Credentials go to the
// configured origin only").
type redactor struct {
	mu       sync.Mutex
	known    map[string]bool
	long     []string          // forms of secrets of ShortSecretLength or more, longest first
	tokens   []*regexp.Regexp  // forms of shorter secrets, replaced where they stand alone
	replacer *strings.Replacer // of long; nil after an add
}

const redacted = "[redacted]"

// ShortSecretLength: a shorter secret is replaced only as a whole token, or a header value "40" would
// eat the 404 of every status.
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
		// Longest first, so a secret that contains another is replaced whole.
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

// SecretForms is value raw, JSON-escaped (Go's ways and .NET's), URL- and form-escaped, each of these
// encoded once more (a JSON body quoted in a JSON error), hex in either case.
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

// dotnetJSON is System.Text.Json's default: HTML-sensitive characters, "+", "`" and non-ASCII as \uXXXX.
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

func withHexCase(s string, convert func(string) string) string {
	return escapedHex.ReplaceAllStringFunc(s, func(m string) string {
		i := strings.IndexAny(m, "u%") + 1
		return m[:i] + convert(m[i:])
	})
}

// WholeTokenPattern matches token where it does not continue a word (RE2's \b is ASCII: next to "é" it
// matches too, which masks too much, the safe side).
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

// redactedError unwraps to the original for errors.As; print it, never what it unwraps to.
type redactedError struct {
	text  string
	cause error
}

func (e *redactedError) Error() string { return e.text }

func (e *redactedError) Unwrap() error { return e.cause }
