// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"fmt"
	"html"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The gate: everything a peer (the service, a receiver, a proxy, the network stack) says that can reach a
// user passes Redact (DESIGN.md, "Credentials go to the configured origin only").
type gate struct {
	mu      sync.Mutex
	secrets []string
}

const (
	// Withheld replaces a whole text that repeated a credential in any encoding: a text cut around a
	// secret may still hold part of it.
	Withheld = "(not shown: the answer repeated a credential)"
	// maxExcerpt bounds what a diagnostic quotes: enough for a message, too little to flood a terminal.
	maxExcerpt = 256
	// shortSecret: a shorter value counts only as a whole word, or a header value "40" would hide every 404.
	shortSecret = 4
	// A secret this long counts without its first two characters too: a stray \ or % just before an
	// encoded secret (left by a peer, or by the decoding of an outer layer) can swallow them.
	longSecret = 8
)

func (g *gate) add(values ...string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, v := range values {
		if v != "" && !slices.Contains(g.secrets, v) {
			g.secrets = append(g.secrets, v)
		}
	}
}

// redact answers text as a user may see it: Withheld when any decoding of it holds a secret, else with
// control characters and escape sequences escaped, cut to maxExcerpt characters.
func (g *gate) redact(text string) string {
	escaped := escapeControls(text, maxExcerpt)
	if g.holdsSecret(text) || (escaped != text && g.holdsSecret(escaped)) { // the escapes themselves could spell one
		return Withheld
	}
	return escaped
}

func (g *gate) holdsSecret(text string) bool {
	g.mu.Lock()
	secrets := g.secrets
	g.mu.Unlock()
	if len(secrets) == 0 {
		return false
	}
	found := false
	complete := decodings(text, func(d decoding) bool {
		found = slices.ContainsFunc(secrets, func(s string) bool { return containsSecret(d, s) })
		return !found
	})
	return found || !complete
}

func containsSecret(d decoding, secret string) bool {
	switch {
	case len(secret) >= longSecret:
		return strings.Contains(d.text, secret[2:])
	case len(secret) >= shortSecret:
		return strings.Contains(d.text, secret)
	case d.binary:
		return false
	}
	rest := d.text
	for {
		at := strings.Index(rest, secret)
		if at < 0 {
			return false
		}
		before, _ := utf8.DecodeLastRuneInString(rest[:at])
		after, _ := utf8.DecodeRuneInString(rest[at+len(secret):])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		rest = rest[at+1:]
	}
}

func isWordRune(r rune) bool {
	return r == '_' || (r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)))
}

// escapeControls makes text valid UTF-8, shows every control, format (bidi) and separator character
// escaped, and cuts it after limit characters.
func escapeControls(text string, limit int) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(text, "\uFFFD") {
		if n == limit {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// StatusText shows a status by its number and Go's text for it, never the peer's reason phrase.
func StatusText(code int) string {
	return strings.TrimSpace(fmt.Sprintf("%d %s", code, http.StatusText(code)))
}

// redactURI shows a URI (a base URL, a receiver's) without what may carry a credential: its userinfo, each
// query value (Azure Functions' ?code=, signed URLs) and its fragment. It reads the text, so that a URI that
// does not parse follows the same rule; there, where a password may hold an unescaped "/", "?" or "#", the
// userinfo ends at the last "@" of all rather than the authority's.
func redactURI(raw string) string {
	scheme := ""
	rest := raw
	if i := strings.Index(raw, "://"); i >= 0 {
		scheme = raw[:i+len("://")]
		rest = raw[i+len("://"):]
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	userinfoEnd := strings.LastIndex(authority, "@")
	if _, err := url.Parse(raw); err != nil {
		userinfoEnd = strings.LastIndex(rest, "@")
	}
	rest = rest[userinfoEnd+1:]
	beforeFragment, _, hasFragment := strings.Cut(rest, "#")
	path, query, hasQuery := strings.Cut(beforeFragment, "?")

	var b strings.Builder
	b.WriteString(scheme)
	b.WriteString(path)
	if hasQuery {
		b.WriteString("?")
		b.WriteString(redactQueryValues(query))
	}
	if hasFragment {
		b.WriteString("#…")
	}
	return b.String()
}

// redactQueryValues keeps each parameter's name and shows its value as "…"; a parameter without "=" is all
// value (a bare token).
func redactQueryValues(query string) string {
	params := strings.Split(query, "&")
	for i, param := range params {
		name, _, hasValue := strings.Cut(param, "=")
		switch {
		case hasValue:
			params[i] = name + "=…"
		case param != "":
			params[i] = "…"
		}
	}
	return strings.Join(params, "&")
}

// URISecrets are the query values of a receiver URI, for the gate.
func URISecrets(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	out := slices.Concat(slices.Collect(maps.Values(u.Query()))...)
	if p, ok := u.User.Password(); ok {
		out = append(out, p)
	}
	return out
}

// RedactSubscriptions is each subscription as a user may see it: what the service said of it through the gate,
// its URI by the rule of redactURI.
func (c *Client) RedactSubscriptions(subs ...Subscription) []Subscription {
	out := make([]Subscription, len(subs))
	for i, s := range subs {
		out[i] = Subscription{
			ID:          c.Redact(s.ID),
			EventType:   c.Redact(s.EventType),
			URI:         c.RedactURI(s.URI),
			Description: c.Redact(s.Description),
		}
	}
	return out
}

// The gate finds a secret by decoding, not by listing its encoded forms: every layer it recognises is
// undone, up to maxDecodeDepth layers in any mix, and each decoding is searched.
const (
	maxDecodeDepth = 3
	// decodeBudget bounds the bytes decoded for one text; past it the text is withheld, unchecked.
	decodeBudget = 64 << 20
	// minBinarySecret: a shorter value turns up by chance in base64 or hex decodings of almost any text.
	minBinarySecret = 4
)

// decoder undoes one layer; binary tells the decoders whose output is bytes rather than text.
type decoder struct {
	decode func(string) []string
	binary bool
}

var decoders = []decoder{
	{decode: one(func(s string) string { return unescapeBackslashes(s, true) })},
	{decode: one(func(s string) string { return unescapeBackslashes(s, false) })},
	{decode: one(html.UnescapeString)},
	{decode: one(func(s string) string { return unescapePercent(s, false) })},
	{decode: one(func(s string) string { return unescapePercent(s, true) })},
	{
		decode: decodeBase64Runs,
		binary: true,
	},
	{
		decode: decodeHexRuns,
		binary: true,
	},
	{decode: one(reversed)}, // a peer may echo the request back to front
}

func reversed(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}

func one(f func(string) string) func(string) []string {
	return func(s string) []string { return []string{f(s)} }
}

// decoding is one reading of a text; binary when a base64 or hex layer was undone on the way.
type decoding struct {
	text   string
	binary bool
}

// decodings visits the text and every decoding of it, each once, until visit answers false. It answers
// false when the budget ran out before every decoding was visited.
func decodings(text string, visit func(decoding) bool) bool {
	seen := map[string]bool{text: true}
	level := []decoding{{text: text}}
	budget := decodeBudget
	if !visit(level[0]) {
		return true
	}
	for depth := 0; depth < maxDecodeDepth; depth++ {
		var next []decoding
		for _, d := range level {
			for _, dec := range decoders {
				for _, out := range dec.decode(d.text) {
					if seen[out] {
						continue
					}
					budget -= len(out)
					if budget < 0 {
						return false
					}
					seen[out] = true
					nd := decoding{
						text:   out,
						binary: d.binary || dec.binary,
					}
					if !visit(nd) {
						return true
					}
					next = append(next, nd)
				}
			}
		}
		level = next
	}
	return true
}

// unescapeBackslashes undoes JSON escapes of every style (\uXXXX in either case, surrogate pairs, \/, \",
// \\, \n ...) and the \xXX of JavaScript and Python; anything else stays as it is. With pairs false, "\\" is
// no escape: a careless encoder leaves a backslash raw before an escape of its own ("\\u0075" for "\u").
func unescapeBackslashes(s string, pairs bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) || !pairs && s[i+1] == '\\' {
			b.WriteByte(s[i])
			continue
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/', '\'':
			b.WriteByte(c)
			i++
		case 'b', 'f', 'n', 'r', 't':
			b.WriteByte(controlEscaped(c))
			i++
		case 'x':
			if v, ok := hexByte(s, i+2); ok {
				b.WriteByte(v)
				i += 3
				continue
			}
			b.WriteByte('\\')
		case 'u':
			r, ok := hexRune(s, i+2)
			if !ok {
				b.WriteByte('\\')
				continue
			}
			i += 5
			if utf16.IsSurrogate(r) && i+6 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
				if low, ok := hexRune(s, i+3); ok {
					if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
						b.WriteRune(pair)
						i += 6
						continue
					}
				}
			}
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
		}
	}
	return b.String()
}

// controlEscaped is the control character a JSON escape letter (b, f, n, r, t) stands for.
func controlEscaped(letter byte) byte {
	switch letter {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	}
	return '\t'
}

// hexRune reads four hex digits at s[at:].
func hexRune(s string, at int) (rune, bool) {
	hi, ok1 := hexByte(s, at)
	lo, ok2 := hexByte(s, at+2)
	return rune(hi)<<8 | rune(lo), ok1 && ok2
}

// hexByte reads two hex digits at s[at:].
func hexByte(s string, at int) (byte, bool) {
	if at+2 > len(s) {
		return 0, false
	}
	hi, ok1 := hexDigit(s[at])
	lo, ok2 := hexDigit(s[at+1])
	return hi<<4 | lo, ok1 && ok2
}

// unescapePercent undoes %XX in either case, and "+" for a space in form encoding; a malformed % stays.
func unescapePercent(s string, plus bool) string {
	if !strings.Contains(s, "%") && (!plus || !strings.Contains(s, "+")) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%':
			if v, ok := hexByte(s, i+1); ok {
				b.WriteByte(v)
				i += 2
				continue
			}
			b.WriteByte('%')
		case s[i] == '+' && plus:
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// decodeBase64Runs reads every run of base64 or base64url characters (line breaks inside a run are
// skipped, as MIME wraps it) from each of the four alignments a blob inside the run may start at.
func decodeBase64Runs(s string) []string {
	return decodeRuns(s, 4, base64Value, minBinarySecret*4/3, func(run []byte) []byte {
		out := make([]byte, 0, len(run)*3/4)
		for i := 0; i+1 < len(run); i += 4 {
			var v [4]byte
			n := copy(v[:], run[i:min(i+4, len(run))]) // n characters (2 to 4) carry n-1 bytes
			out = append(out, []byte{v[0]<<2 | v[1]>>4, v[1]<<4 | v[2]>>2, v[2]<<6 | v[3]}[:n-1]...)
		}
		return out
	})
}

// base64Value reads both alphabets: "-" and "_" are base64url's "+" and "/".
func base64Value(c byte) (byte, bool) {
	return digitValue("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_", 64, c)
}

// decodeHexRuns reads every run of hex digits, in either case, from both alignments.
func decodeHexRuns(s string) []string {
	return decodeRuns(s, 2, hexDigit, minBinarySecret*2, func(run []byte) []byte {
		out := make([]byte, 0, len(run)/2)
		for i := 0; i+1 < len(run); i += 2 {
			out = append(out, run[i]<<4|run[i+1])
		}
		return out
	})
}

func hexDigit(c byte) (byte, bool) { return digitValue("0123456789abcdefABCDEF", 16, c) }

// digitValue is c's place in alphabet, where the characters past base repeat the last ones of the base.
func digitValue(alphabet string, base int, c byte) (byte, bool) {
	i := strings.IndexByte(alphabet, c)
	if i >= base {
		i -= len(alphabet) - base
	}
	if i < 0 || i > 255 {
		return 0, false
	}
	return byte(i), true
}

// decodeRuns answers one text per alignment (0 to align-1) in which every run of at least minRun
// characters of the alphabet is replaced by what it decodes to from that offset on.
func decodeRuns(s string, align int, value func(byte) (byte, bool), minRun int, decodeRun func([]byte) []byte) []string {
	type run struct {
		start, end int
		values     []byte
	}
	var runs []run
	for i := 0; i < len(s); {
		var values []byte
		j := i
		for ; j < len(s); j++ {
			if v, ok := value(s[j]); ok {
				values = append(values, v)
			} else if (s[j] != '\n' && s[j] != '\r') || len(values) == 0 {
				break
			}
		}
		if len(values) >= minRun {
			runs = append(runs, run{
				start:  i,
				end:    j,
				values: values,
			})
		}
		i = max(j, i+1)
	}
	if len(runs) == 0 {
		return nil
	}
	outs := make([]string, 0, align)
	for offset := range align {
		var b strings.Builder
		last := 0
		for _, r := range runs {
			b.WriteString(s[last:r.start])
			b.Write(decodeRun(r.values[min(offset, len(r.values)):]))
			last = r.end
		}
		b.WriteString(s[last:])
		outs = append(outs, b.String())
	}
	return outs
}
