// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"encoding/binary"
	"fmt"
	"html"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// The gate: everything a peer (the service, a receiver, a proxy, the network stack) says that can reach a
// user passes Redact (DESIGN.md, "Credentials go to the configured origin only").
type gate struct {
	mu      sync.Mutex
	secrets map[string]bool
	needles *needles // built from secrets when first needed, dropped when one is added
}

const (
	// Withheld replaces a whole text that repeated a credential in any encoding: a text cut around a
	// secret may still hold part of it.
	Withheld = "(not shown: the answer repeated a credential)"
	// maxExcerpt bounds what a diagnostic quotes: enough for a message, too little to flood a terminal.
	maxExcerpt = 256
	// shortSecret: a shorter value counts only as a whole word, or a header value "40" would hide every 404.
	shortSecret = 4
	// A secret without a fragment counts without its first two characters too, from this length on: a
	// stray \ or % just before an encoded secret (left by a peer, or by an outer layer's decoding) can
	// swallow them.
	longSecret = 8
	// fragment: a secret is found by any 8 consecutive letters and digits of it that hold a digit. Eight
	// survive a secret of 16 cut in two, or of 11 cut by three; no word holds a digit, and a random token
	// has one in nearly every 8 characters, so an answer's words do not match by chance (36^8 forms).
	fragment = 8
	// wordFragment: without a digit, 16 letters: a secret may hold "subscription" or "password", an answer
	// too, and few words, none in the service's messages, are 16 letters long.
	wordFragment = 16
)

func (g *gate) add(values ...string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.secrets == nil {
		g.secrets = map[string]bool{}
	}
	for _, v := range values {
		if v != "" && !g.secrets[v] {
			g.secrets[v] = true
			g.needles = nil
		}
	}
}

// redact answers text as a user may see it: Withheld when any decoding of it holds a secret, else with
// control characters and escape sequences escaped, cut to maxExcerpt characters.
func (g *gate) redact(text string) string {
	escaped := escapeControls(text, maxExcerpt)
	if g.holdsSecret(text) {
		return Withheld
	}
	if escaped != text && g.holdsSecret(escaped) { // the escapes themselves could spell one
		return Withheld
	}
	return escaped
}

func (g *gate) holdsSecret(text string) bool {
	g.mu.Lock()
	if g.needles == nil && len(g.secrets) > 0 {
		g.needles = needlesOf(slices.Collect(maps.Keys(g.secrets)))
	}
	n := g.needles
	g.mu.Unlock()
	if n == nil {
		return false
	}
	found := false
	complete := decodings(text, func(d decoding) bool {
		found = n.foundIn(d)
		return !found
	})
	return found || !complete
}

// needles are what the gate looks for in each decoding: a secret's fragments, found in the decoding's skeleton,
// or, when it has none, the secret whole, found in the skeleton when it has shortSecret letters and digits, else
// in the decoding folded; and the short secrets as they are.
type needles struct {
	// byPrefix holds each fragment under its first 8 bytes; seen has a bit for each prefix's hash, to pass
	// over most positions of a text without a map lookup.
	byPrefix map[uint64][]string
	seen     [1 << 10]uint64
	// skeletonWholes are the skeletons of the secrets without a fragment, wholes those secrets folded when their
	// skeleton is too short; words the secrets under shortSecret, found as whole words in text decodings only.
	wholes         []string
	skeletonWholes []string
	words          []string
}

func needlesOf(secrets []string) *needles {
	n := &needles{byPrefix: map[uint64][]string{}}
	for _, s := range secrets {
		if len(s) < shortSecret {
			n.words = append(n.words, s)
			continue
		}
		fragments := fragmentsOf(skeleton(s))
		for _, f := range fragments {
			n.addFragment(f)
		}
		if len(fragments) > 0 {
			continue
		}
		// The skeleton finds whatever the folded text finds, and more, once it keeps enough of the secret.
		bare := skeleton(s)
		if len(bare) >= shortSecret {
			n.skeletonWholes = append(n.skeletonWholes, withoutTheFirstTwo(bare)...)
			continue
		}
		n.wholes = append(n.wholes, withoutTheFirstTwo(folded(s))...)
	}
	return n
}

// withoutTheFirstTwo is a whole secret, and from longSecret bytes on also without its first two characters.
func withoutTheFirstTwo(whole string) []string {
	if len(whole) < longSecret {
		return []string{whole}
	}
	_, first := utf8.DecodeRuneInString(whole)
	_, second := utf8.DecodeRuneInString(whole[first:])
	return []string{whole, whole[first+second:]}
}

func (n *needles) addFragment(f string) {
	key := prefixKey(f)
	if !slices.Contains(n.byPrefix[key], f) {
		n.byPrefix[key] = append(n.byPrefix[key], f)
	}
	bit := prefixBit(key)
	n.seen[bit/64] |= 1 << (bit % 64)
}

// fragmentsOf are the runs of fragment ASCII letters and digits of a secret's skeleton (bare) that hold a digit,
// and the runs of wordFragment letters: what every text encoding leaves as it is.
func fragmentsOf(bare string) []string {
	var out []string
	for run := range strings.FieldsFuncSeq(bare, func(r rune) bool { return !isASCIIAlnum(r) }) {
		for i := 0; i+fragment <= len(run); i++ {
			if strings.ContainsAny(run[i:i+fragment], "0123456789") {
				out = append(out, run[i:i+fragment])
			}
		}
		for i := 0; i+wordFragment <= len(run); i++ {
			if !strings.ContainsAny(run[i:i+wordFragment], "0123456789") {
				out = append(out, run[i:i+wordFragment])
			}
		}
	}
	return out
}

func isASCIIAlnum(r rune) bool {
	return ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')
}

func prefixKey(s string) uint64 { return binary.LittleEndian.Uint64([]byte(s[:8])) }

func prefixBit(key uint64) uint64 { return (key * 0x9E3779B97F4A7C15) >> (64 - 16) }

// foundIn tells whether the decoding holds a needle.
func (n *needles) foundIn(d decoding) bool {
	if !d.binary && slices.ContainsFunc(n.words, func(w string) bool { return containsWord(d.text, w) }) {
		return true
	}
	if len(n.wholes) > 0 {
		text := folded(d.text)
		if slices.ContainsFunc(n.wholes, func(w string) bool { return strings.Contains(text, w) }) {
			return true
		}
	}
	if len(n.byPrefix) == 0 && len(n.skeletonWholes) == 0 {
		return false
	}
	text := skeleton(d.text)
	if slices.ContainsFunc(n.skeletonWholes, func(w string) bool { return strings.Contains(text, w) }) {
		return true
	}
	for i := 0; i+fragment <= len(text); i++ {
		key := prefixKey(text[i : i+fragment])
		bit := prefixBit(key)
		if n.seen[bit/64]&(1<<(bit%64)) == 0 {
			continue
		}
		for _, f := range n.byPrefix[key] {
			if strings.HasPrefix(text[i:], f) {
				return true
			}
		}
	}
	return false
}

// folded is text as the gate searches it for a secret without fragments: fullwidth forms as ASCII, each
// letter in one case (ToLower of ToUpper, so that "ı" and "i", "ſ" and "s" meet as a case change leaves
// them), without white space, control, format (zero-width) or separator characters, which a peer may insert
// between a secret's characters.
func folded(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf && ('A' <= r && r <= 'Z'):
			b.WriteRune(r + 'a' - 'A')
		case r < utf8.RuneSelf && (r <= ' ' || r == 0x7f):
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Z):
		case r == utf8.RuneError: // what a decoding could not read, or an HTML "&#0;"
		case isFullwidth(r):
			b.WriteRune(unicode.ToLower(fromFullwidthRune(r)))
		default:
			b.WriteRune(unicode.ToLower(unicode.ToUpper(r)))
		}
	}
	return b.String()
}

// skeleton is text as the gate searches it for fragments: its letters and digits alone, folded, each as a
// reader sees it. A peer may put anything between a secret's characters (white space, zero-width or
// combining characters, separators, punctuation), and may write a letter in another form: a compatibility
// form (fullwidth, mathematical, circled, superscript), which NFKD undoes, or a letter of another script that
// looks the same, which Unicode's confusables (TR39) map to the letter it looks like.
func skeleton(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			writeSkeletonRune(&b, rune(text[i]))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		b.WriteString(skeletonOfRune(r))
		i += size
	}
	return b.String()
}

// skeletonRunes remembers the skeleton of the non-ASCII runes met, up to maxSkeletonRunes of them: working one
// out takes NFKD and a confusables lookup, which every decoding of a text would repeat.
var skeletonRunes = struct {
	sync.RWMutex
	of map[rune]string
}{of: map[rune]string{}}

const maxSkeletonRunes = 1 << 12

// skeletonOfRune is what skeleton writes for a non-ASCII rune: its NFKD decomposition without marks, each
// letter as the ASCII it looks like, folded.
func skeletonOfRune(r rune) string {
	skeletonRunes.RLock()
	known, ok := skeletonRunes.of[r]
	skeletonRunes.RUnlock()
	if ok {
		return known
	}
	var b strings.Builder
	for _, d := range norm.NFKD.String(string(r)) {
		looksLike := ""
		if d >= utf8.RuneSelf && unicode.IsLetter(d) {
			looksLike = asciiLookalike(d)
		}
		if looksLike == "" {
			writeSkeletonRune(&b, d)
			continue
		}
		for _, ascii := range looksLike {
			writeSkeletonRune(&b, ascii)
		}
	}
	skeletonRunes.Lock()
	if len(skeletonRunes.of) < maxSkeletonRunes {
		skeletonRunes.of[r] = b.String()
	}
	skeletonRunes.Unlock()
	return b.String()
}

// asciiLookalike is the ASCII that letter r looks like (TR39): in lower case where that has one, else in its own
// case ("В" looks like "B", its "в" like no Latin letter; "І" like "l", its "і" like "i"); "" for none.
func asciiLookalike(r rune) string {
	for _, form := range []rune{unicode.ToLower(r), r} {
		looksLike := confusables.Skeleton(string(form))
		if isASCIIText(looksLike) {
			return looksLike
		}
	}
	return ""
}

// writeSkeletonRune writes r folded if it is a letter or a digit, and nothing else.
func writeSkeletonRune(b *strings.Builder, r rune) {
	switch {
	case 'A' <= r && r <= 'Z':
		b.WriteByte(byte(r + 'a' - 'A'))
	case ('a' <= r && r <= 'z') || ('0' <= r && r <= '9'):
		b.WriteByte(byte(r)) //nolint:gosec // G115: an ASCII letter or digit
	case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
		b.WriteRune(unicode.ToLower(unicode.ToUpper(r)))
	}
}

func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// containsWord finds a short secret where it stands as a word of its own.
func containsWord(text, secret string) bool {
	from := 0
	for {
		found := strings.Index(text[from:], secret)
		if found < 0 {
			return false
		}
		at := from + found
		before, _ := utf8.DecodeLastRuneInString(text[:at]) // what precedes it in the whole text
		after, _ := utf8.DecodeRuneInString(text[at+len(secret):])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		from = at + 1
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
	p := splitURI(raw)
	var b strings.Builder
	b.WriteString(p.scheme)
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteString("?")
		b.WriteString(redactQueryValues(p.query))
	}
	if p.hasFragment {
		b.WriteString("#…")
	}
	return b.String()
}

// uriParts is a URI as redactURI reads it.
type uriParts struct {
	scheme      string // with "://"
	userinfo    string
	path        string // the host and port, then the path
	query       string
	hasQuery    bool
	fragment    string
	hasFragment bool
}

func splitURI(raw string) uriParts {
	var p uriParts
	rest := raw
	if i := strings.Index(raw, "://"); i >= 0 {
		p.scheme = raw[:i+len("://")]
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
	if userinfoEnd >= 0 {
		p.userinfo = rest[:userinfoEnd]
	}
	rest = rest[userinfoEnd+1:]
	beforeFragment, fragment, hasFragment := strings.Cut(rest, "#")
	p.fragment = fragment
	p.hasFragment = hasFragment
	p.path, p.query, p.hasQuery = strings.Cut(beforeFragment, "?")
	return p
}

// redactQueryValues keeps each parameter's name and shows its value as "…"; a parameter without a value is all
// value (a bare token, or one that ends in base64's "=").
func redactQueryValues(query string) string {
	params := strings.Split(query, "&")
	for i, param := range params {
		name, value, _ := strings.Cut(param, "=")
		switch {
		case value != "":
			params[i] = name + "=…"
		case param != "":
			params[i] = "…"
		}
	}
	return strings.Join(params, "&")
}

// URISecrets are what redactURI hides of a receiver URI that may be a credential, for the gate: the
// userinfo's password, each query value (a parameter without a value whole; whatever follows "=", ";" too)
// and the fragment, each as written and unescaped, that holds a fragment (a run of 8 letters and digits with a
// digit, or of 16 letters) as tokens and keys do: "signed" or "json" would withhold every answer that says it.
func URISecrets(raw string) []string {
	p := splitURI(raw)
	var written []string
	if _, password, hasPassword := strings.Cut(p.userinfo, ":"); hasPassword {
		written = append(written, password)
	}
	if p.hasQuery {
		for param := range strings.SplitSeq(p.query, "&") {
			_, value, _ := strings.Cut(param, "=")
			if value == "" {
				value = param
			}
			written = append(written, value)
		}
	}
	if p.hasFragment {
		written = append(written, p.fragment)
	}
	out := slices.Clone(written)
	for _, value := range written {
		unescaped, err := url.QueryUnescape(value)
		if err == nil && unescaped != value {
			out = append(out, unescaped)
		}
	}
	return slices.DeleteFunc(out, func(value string) bool { return len(fragmentsOf(skeleton(value))) == 0 })
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
	// maxDecodeDepth: five layers, JSON escapes not counted: every answer is JSON, and so is the request it
	// may echo, so their escapes cost a peer's layers nothing (they are undone for free, where a \ is).
	maxDecodeDepth = 5
	// The bytes decoded for one text are bounded by decodeBudgetPerByte times its length, at least
	// minDecodeBudget and at most maxDecodeBudget; past the bound the text is withheld, unchecked. An answer's
	// decodings take some 60 times its length (a 16 KB list 1 MB), an echo of 300 bytes \u-escaped throughout
	// 1.1 MB; 2 KB of random bytes would take 20 MB and a second, and hung a fuzz worker under load.
	decodeBudgetPerByte = 256
	minDecodeBudget     = 4 << 20
	maxDecodeBudget     = 64 << 20
	// minBinarySecret: a shorter value turns up by chance in base64 or hex decodings of almost any text.
	minBinarySecret = 4
)

// decoder undoes one layer; binary tells the decoders whose output is bytes rather than text, free those
// that count no layer.
type decoder struct {
	decode func(string) []string
	binary bool
	free   bool
}

var decoders = []decoder{
	{
		decode: one(func(s string) string { return unescapeBackslashes(s, true) }),
		free:   true,
	},
	{
		decode: func(s string) []string {
			if !strings.Contains(s, `\\`) { // then no different from the one above
				return nil
			}
			return []string{unescapeBackslashes(s, false)}
		},
		free: true,
	},
	{decode: one(html.UnescapeString)},
	{decode: one(func(s string) string { return unescapePercent(s, '%', false) })},
	{decode: one(func(s string) string { return unescapePercent(s, '%', true) })},
	{decode: one(func(s string) string { return unescapePercent(s, '=', false) })}, // quoted-printable
	{
		decode: decodeBase64Runs,
		binary: true,
	},
	{
		decode: decodeHexRuns,
		binary: true,
	},
	{
		decode: decodeBase32Runs,
		binary: true,
	},
	{decode: one(reversed)}, // a peer may echo the request back to front
	{decode: one(rot13)},
	{decode: fromFullwidth},
	{decode: withoutNULs},
}

func reversed(s string) string {
	if isASCIIText(s) {
		b := []byte(s)
		slices.Reverse(b)
		return string(b)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		b.WriteRune(r)
		i -= size
	}
	return b.String()
}

func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case 'A' <= c && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

// fromFullwidth reads the fullwidth forms of ASCII (U+FF01 to U+FF5E, and U+3000 for a space) as ASCII.
func fromFullwidth(s string) []string {
	if !strings.ContainsFunc(s, isFullwidth) {
		return nil
	}
	return []string{strings.Map(fromFullwidthRune, s)}
}

func fromFullwidthRune(r rune) rune {
	switch {
	case 0xff01 <= r && r <= 0xff5e:
		return r - 0xff01 + '!'
	case r == 0x3000:
		return ' '
	}
	return r
}

func isFullwidth(r rune) bool { return (0xff01 <= r && r <= 0xff5e) || r == 0x3000 }

// withoutNULs reads ASCII in UTF-16, a NUL after each character, which an HTML decoding of "&#0;" turns into
// U+FFFD (the character itself, not a byte that is no UTF-8).
func withoutNULs(s string) []string {
	if !alternates(s, "\x00") && !alternates(s, "\uFFFD") {
		return nil
	}
	return []string{strings.ReplaceAll(strings.ReplaceAll(s, "\x00", ""), "\uFFFD", "")}
}

// alternates: s holds a character followed by sep four times in a row (the first one before the sep found),
// as UTF-16 of ASCII does, and not a NUL that a binary decoding made by chance.
func alternates(s, sep string) bool {
	for {
		at := strings.Index(s, sep)
		if at < 0 {
			return false
		}
		n := 0
		rest := s[at+len(sep):]
		for len(rest) > len(sep) && strings.HasPrefix(rest[1:], sep) {
			n++
			rest = rest[1+len(sep):]
		}
		if n >= 3 {
			return true
		}
		s = s[at+len(sep):]
	}
}

func one(f func(string) string) func(string) []string {
	return func(s string) []string { return []string{f(s)} }
}

// decoding is one reading of a text; binary when a base64, base32 or hex layer was undone on the way.
type decoding struct {
	text   string
	binary bool
}

// decodings visits the text and every decoding of it, each once, until visit answers false. It answers
// false when the budget ran out before every decoding was visited.
func decodings(text string, visit func(decoding) bool) bool {
	seen := map[string]bool{text: true}
	level := []decoding{{text: text}}
	budget := min(max(decodeBudgetPerByte*len(text), minDecodeBudget), maxDecodeBudget)
	more := visit(level[0])
	if !more {
		return true
	}
	for depth := 0; len(level) > 0; depth++ {
		var next []decoding
		for i := 0; i < len(level); i++ { // a free decoding joins the level it came from
			d := level[i]
			for _, dec := range decoders {
				if !dec.free && depth == maxDecodeDepth {
					continue
				}
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
					more = visit(nd)
					if !more {
						return true
					}
					if dec.free {
						level = append(level, nd)
					} else {
						next = append(next, nd)
					}
				}
			}
		}
		level = next
	}
	return true
}

// unescapeBackslashes undoes JSON escapes of every style (\uXXXX in either case, surrogate pairs, \/, \",
// \\, \n ...), the \xXX of JavaScript and Python, JavaScript's \u{X}, Python's \UXXXXXXXX (and \UXXXX, a
// \u upper-cased) and octal \NNN; anything else stays as it is. With pairs false, "\\" is no escape: a careless
// encoder leaves a backslash raw before an escape of its own ("\\u0075" for "\u").
func unescapeBackslashes(s string, pairs bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) || (!pairs && s[i+1] == '\\') {
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
			v, ok := hexByte(s, i+2)
			if !ok {
				b.WriteByte('\\')
				continue
			}
			b.WriteByte(v)
			i += 3
		case 'u', 'U':
			r, width := unicodeEscape(s, i)
			if width == 0 {
				b.WriteByte('\\')
				continue
			}
			b.WriteRune(r)
			i += width - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, width := octalEscape(s, i+1)
			b.WriteByte(v)
			i += width
		default:
			b.WriteByte('\\')
		}
	}
	return b.String()
}

// unicodeEscape reads the \u or \U escape at s[at:], a surrogate pair of them as one, and answers its
// rune and width; width 0 when it is none.
func unicodeEscape(s string, at int) (rune, int) {
	if r, width := bracedEscape(s, at); width > 0 { // JavaScript's \u{74}
		return r, width
	}
	if s[at+1] == 'U' {
		hi, ok1 := hexRune(s, at+2)
		lo, ok2 := hexRune(s, at+6)
		r := hi<<16 | lo
		if ok1 && ok2 && r <= unicode.MaxRune {
			return r, 10
		}
	}
	r, ok := hexRune(s, at+2)
	if !ok {
		return 0, 0
	}
	if !utf16.IsSurrogate(r) || at+12 > len(s) || s[at+6] != '\\' || (s[at+7] != 'u' && s[at+7] != 'U') {
		return r, 6
	}
	low, ok := hexRune(s, at+8)
	pair := utf16.DecodeRune(r, low)
	if !ok || pair == utf8.RuneError {
		return r, 6
	}
	return pair, 12
}

// bracedEscape reads \u{X} to \u{XXXXXX} at s[at:]; width 0 when it is none.
func bracedEscape(s string, at int) (rune, int) {
	digits, _, closed := strings.Cut(s[min(at+3, len(s)):], "}")
	if at+2 >= len(s) || s[at+2] != '{' || !closed || digits == "" || len(digits) > 6 {
		return 0, 0
	}
	v, err := strconv.ParseUint(digits, 16, 32)
	if err != nil || v > unicode.MaxRune {
		return 0, 0
	}
	return rune(v), len(`\u{}`) + len(digits)
}

// octalEscape reads one to three octal digits at s[at:] as a byte, and answers how many it read.
func octalEscape(s string, at int) (byte, int) {
	v := 0
	n := 0
	for n < 3 && at+n < len(s) && '0' <= s[at+n] && s[at+n] <= '7' && v*8+int(s[at+n]-'0') <= 0xff {
		v = v*8 + int(s[at+n]-'0')
		n++
	}
	return byte(v), n
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

// unescapePercent undoes marker and two hex digits in either case: %XX and "+" for a space in form
// encoding (plus), or quoted-printable's =XX and its soft line breaks ("=" at a line's end); a malformed
// marker stays.
func unescapePercent(s string, marker byte, plus bool) string {
	if strings.IndexByte(s, marker) < 0 && (!plus || !strings.Contains(s, "+")) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == marker:
			if v, ok := hexByte(s, i+1); ok {
				b.WriteByte(v)
				i += 2
				continue
			}
			if marker == '=' && strings.HasPrefix(s[i+1:], "\r\n") {
				i += 2
				continue
			}
			if marker == '=' && strings.HasPrefix(s[i+1:], "\n") {
				i++
				continue
			}
			b.WriteByte(marker)
		case s[i] == '+' && plus:
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// A runCodec reads runs of one alphabet: each character carries bits bits, align characters make whole
// bytes, and the characters of skip may stand inside a run (a line break where MIME wraps base64, a space
// between hex pairs).
type runCodec struct {
	values [256]int16 // each character's value, -1 for none of the alphabet, skipped for one of skip
	bits   int
	align  int
	minRun int
}

const skipped = -2

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// newRunCodec reads alphabet's i-th character as i modulo 2^bits: an alphabet may list its characters twice,
// in two cases or in two variants.
func newRunCodec(alphabet string, bits, align int, skip string) *runCodec {
	c := &runCodec{
		bits:  bits,
		align: align,
		// a run shorter than minBinarySecret bytes could not hold a secret
		minRun: (minBinarySecret*8 + bits - 1) / bits,
	}
	for i := range c.values {
		c.values[i] = -1
	}
	var v int16
	for i := range len(alphabet) {
		c.values[alphabet[i]] = v % (1 << bits)
		v++
	}
	for i := range len(skip) {
		c.values[skip[i]] = skipped
	}
	return c
}

var (
	// base64 and base64url: "-" and "_" are base64url's "+" and "/".
	base64Runs = newRunCodec(base64Alphabet+"+/"+base64Alphabet+"-_", 6, 4, "\r\n")
	// hex in either case, its pairs joined, spaced, or separated by colons or dashes.
	hexRuns = newRunCodec("0123456789abcdef0123456789ABCDEF", 4, 2, "\r\n :-")
	// base32 (RFC 4648) in either case.
	base32Runs = newRunCodec("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567abcdefghijklmnopqrstuvwxyz234567", 5, 8, "\r\n")
)

func decodeBase64Runs(s string) []string { return base64Runs.decodeRuns(s) }

func decodeHexRuns(s string) []string { return hexRuns.decodeRuns(s) }

func decodeBase32Runs(s string) []string { return base32Runs.decodeRuns(s) }

func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// decodeRuns answers one text per alignment (0 to align-1) in which every run of at least minRun
// characters of the alphabet that reads as text from that offset on is replaced by what it decodes to.
func (c *runCodec) decodeRuns(s string) []string {
	type run struct {
		start, end, length int
	}
	var runs []run
	for i := 0; i < len(s); {
		length := 0
		end := i
		for j := i; j < len(s); j++ {
			v := c.values[s[j]]
			if v >= 0 {
				length++
				end = j + 1
				continue
			}
			if length == 0 || v != skipped {
				break
			}
		}
		if length >= c.minRun {
			runs = append(runs, run{
				start:  i,
				end:    end,
				length: length,
			})
		}
		i = max(end, i+1)
	}
	var outs []string
	var decoded []byte
	for offset := range c.align {
		var b strings.Builder
		last := 0
		for _, r := range runs {
			if r.length-offset < c.minRun {
				continue
			}
			decoded = c.decodeRun(decoded[:0], s[r.start:r.end], offset)
			if !readsAsText(decoded) { // a word, an ID, a blob of bytes: decoding it would only make garbage
				continue
			}
			b.WriteString(s[last:r.start])
			b.Write(decoded)
			last = r.end
		}
		if last == 0 { // nothing read as text from this offset
			continue
		}
		b.WriteString(s[last:])
		outs = append(outs, b.String())
	}
	return outs
}

// decodeRun appends to out a run's characters from the offset-th on, read as bits, most significant first,
// into whole bytes.
func (c *runCodec) decodeRun(out []byte, run string, offset int) []byte {
	acc := 0
	n := 0
	for i := range len(run) {
		v := c.values[run[i]]
		if v < 0 { // a line break or space inside the run
			continue
		}
		if offset > 0 {
			offset--
			continue
		}
		acc = acc<<c.bits | int(v)
		n += c.bits
		if n >= 8 {
			n -= 8
			out = append(out, byte(acc>>n)) //nolint:gosec // G115: acc holds n+8 bits, n < 8

			acc &= 1<<n - 1
		}
	}
	return out
}

// readsAsText: the decoding holds a stretch of text (printable, white space, NUL for UTF-16) as long as
// itself or 8 bytes (a peer's word may be glued before a blob); a word read as base32 is garbage.
func readsAsText(b []byte) bool {
	want := min(len(b), 8)
	longest := 0
	stretch := 0
	for len(b) > 0 && longest < want {
		r := rune(b[0])
		size := 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(b)
		}
		b = b[size:]
		if r == utf8.RuneError || (r < ' ' && r != '\n' && r != '\r' && r != '\t' && r != 0) {
			stretch = 0
			continue
		}
		stretch += size
		longest = max(longest, stretch)
	}
	return longest >= want
}
