// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// A gateEncoder is a way a peer may say a text. Most are encodings the gate decodes (kind code); the others
// it undoes by searching folded text (caseChange, insertion), by fragments (cut), or by fragments in the
// skeleton of a text (disguise: letters in other forms, anything between them).
type gateEncoder struct {
	name   string
	kind   encoderKind
	encode func(s string, p int) string // p, from the fuzzer, picks a cut, a wrap or a split
	// caseSensitive: a case change above this layer loses what it says (base64).
	caseSensitive bool
}

type encoderKind int

const (
	code encoderKind = iota
	caseChange
	insertion
	cut
	disguise
)

// gateEncoders are written independently of the gate's decoders: the library's where there is one.
var gateEncoders = []gateEncoder{
	codeOf("Go JSON", func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }),
	codeOf(`JSON \uXXXX upper`, func(s string) string { return jsonEscapes(s, func(r rune, _ int) string { return u(r, true) }) }),
	codeOf(`JSON \uXXXX lower`, func(s string) string { return jsonEscapes(s, func(r rune, _ int) string { return u(r, false) }) }),
	codeOf(`JSON \/ (PHP)`, func(s string) string {
		return jsonEscapes(s, func(r rune, _ int) string {
			if strings.ContainsRune(`/"\`, r) {
				return `\` + string(r)
			}
			return u(r, false)
		})
	}),
	codeOf(`JSON mixed \" \\ \u0027 \u002B`, func(s string) string {
		return jsonEscapes(s, func(r rune, i int) string { // each style, turn by turn
			if i%3 == 0 && strings.ContainsRune(`/"\`, r) {
				return `\` + string(r)
			}
			return u(r, i%3 == 1)
		})
	}),
	codeOf(`JSON careless: every other character \uXXXX, a backslash left raw`, careless),
	codeOf("HTML named", html.EscapeString),
	codeOf("HTML numeric", func(s string) string {
		var b strings.Builder
		for i, r := range s {
			switch {
			case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				b.WriteRune(r)
			case i%2 == 0:
				fmt.Fprintf(&b, "&#%d;", r)
			default:
				fmt.Fprintf(&b, "&#x%X;", r)
			}
		}
		return b.String()
	}),
	codeOf("percent", url.PathEscape),
	codeOf("form", url.QueryEscape),
	caseSensitiveCodeOf("base64", func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }),
	caseSensitiveCodeOf("base64url", func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }),
	{
		name: "base64 wrapped (MIME, PEM) every 4 to 76 characters",
		kind: code,
		encode: func(s string, p int) string {
			return wrapLines(base64.StdEncoding.EncodeToString([]byte(s)), 4+p%73, []string{"\r\n", "\n"}[p%2])
		},
		caseSensitive: true,
	},
	codeOf("hex", func(s string) string { return hex.EncodeToString([]byte(s)) }),
	codeOf("HEX", func(s string) string { return strings.ToUpper(hex.EncodeToString([]byte(s))) }),
	codeOf("hex with spaces", func(s string) string {
		pairs := strings.Split(strings.TrimSpace(fmt.Sprintf("% x", []byte(s))), " ")
		return strings.Join(pairs, " ")
	}),
	codeOf("base32", func(s string) string { return base32.StdEncoding.EncodeToString([]byte(s)) }),
	codeOf("quoted-printable, every byte", func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			fmt.Fprintf(&b, "=%02X", c)
		}
		return b.String()
	}),
	codeOf(`octal \NNN, every byte`, func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			fmt.Fprintf(&b, `\%03o`, c)
		}
		return b.String()
	}),
	caseSensitiveCodeOf(`Python \UXXXXXXXX, every character`, func(s string) string {
		var b strings.Builder
		for _, r := range s {
			fmt.Fprintf(&b, `\U%08X`, r)
		}
		return b.String()
	}),
	codeOf("UTF-16LE", func(s string) string {
		var b strings.Builder
		for _, unit := range utf16.Encode([]rune(s)) {
			b.WriteByte(byte(unit))
			b.WriteByte(byte(unit >> 8))
		}
		return b.String()
	}),
	codeOf("rot13", func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case 'a' <= r && r <= 'z':
				return 'a' + (r-'a'+13)%26
			case 'A' <= r && r <= 'Z':
				return 'A' + (r-'A'+13)%26
			}
			return r
		}, s)
	}),
	codeOf("fullwidth", func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case '!' <= r && r <= '~':
				return r - '!' + 0xff01
			case r == ' ':
				return 0x3000
			}
			return r
		}, s)
	}),
	codeOf("reversed", func(s string) string { r := []rune(s); slices.Reverse(r); return string(r) }),
	{name: "upper-cased", kind: caseChange, encode: func(s string, _ int) string { return mapLetters(s, unicode.ToUpper) }},
	{name: "lower-cased", kind: caseChange, encode: func(s string, _ int) string { return mapLetters(s, unicode.ToLower) }},
	{name: "case swapped", kind: caseChange, encode: func(s string, _ int) string {
		return mapLetters(s, func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		})
	}},
	insertionOf("spaced out", " "),
	insertionOf("CR LF between characters", "\r\n"),
	insertionOf("NUL between characters", "\x00"),
	insertionOf("zero-width joiner between characters", "\u200d"),
	insertionOf("zero-width space between characters", "\u200b"),
	{name: "cut at the start by 1 to 3", kind: cut},
	{name: "cut at the end by 1 to 3", kind: cut},
	{name: "split in two by other text", kind: cut},
	codeOf("hex with colons", func(s string) string {
		return strings.Join(strings.Split(strings.TrimSpace(fmt.Sprintf("% X", []byte(s))), " "), ":")
	}),
	codeOf(`JavaScript \u{X}, every character`, func(s string) string {
		var b strings.Builder
		for _, r := range s {
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
		return b.String()
	}),
	disguiseOf("hyphen between characters", func(s string) string { return strings.Join(strings.Split(s, ""), "-") }),
	disguiseOf("dot and space between characters", func(s string) string { return strings.Join(strings.Split(s, ""), ". ") }),
	disguiseOf("combining low line after each character", func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteRune(r)
			b.WriteRune('\u0332')
		}
		return b.String()
	}),
	disguiseOf("mathematical bold", func(s string) string {
		return mapASCIIAlnum(s, func(r rune, base rune) rune {
			return map[rune]rune{'a': 0x1d41a, 'A': 0x1d400, '0': 0x1d7ce}[base] + r - base
		})
	}),
	disguiseOf("circled", func(s string) string {
		return mapASCIIAlnum(s, func(r rune, base rune) rune {
			switch {
			case r == '0':
				return 0x24ea
			case base == '0':
				return 0x2460 + r - '1'
			}
			return map[rune]rune{'a': 0x24d0, 'A': 0x24b6}[base] + r - base
		})
	}),
	disguiseOf("Cyrillic lookalikes", func(s string) string {
		return strings.Map(func(r rune) rune {
			if lookalike, ok := cyrillicLookalikes[r]; ok {
				return lookalike
			}
			return r
		}, s)
	}),
}

func codeOf(name string, encode func(string) string) gateEncoder {
	return gateEncoder{
		name:   name,
		kind:   code,
		encode: func(s string, _ int) string { return encode(s) },
	}
}

func caseSensitiveCodeOf(name string, encode func(string) string) gateEncoder {
	e := codeOf(name, encode)
	e.caseSensitive = true
	return e
}

func disguiseOf(name string, encode func(string) string) gateEncoder {
	e := codeOf(name, encode)
	e.kind = disguise
	return e
}

// mapASCIIAlnum maps each ASCII letter and digit r with the first of its range (a, A or 0).
func mapASCIIAlnum(s string, to func(r, base rune) rune) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z':
			return to(r, 'a')
		case 'A' <= r && r <= 'Z':
			return to(r, 'A')
		case '0' <= r && r <= '9':
			return to(r, '0')
		}
		return r
	}, s)
}

// cyrillicLookalikes are Cyrillic letters a reader takes for Latin ones.
var cyrillicLookalikes = map[rune]rune{
	'a': 'а', 'c': 'с', 'e': 'е', 'i': 'і', 'j': 'ј', 'o': 'о', 'p': 'р', 's': 'ѕ', 'x': 'х', 'y': 'у',
	'A': 'А', 'B': 'В', 'C': 'С', 'E': 'Е', 'H': 'Н', 'I': 'І', 'J': 'Ј', 'K': 'К', 'M': 'М', 'O': 'О', 'P': 'Р',
	'S': 'Ѕ', 'T': 'Т', 'X': 'Х',
}

func insertionOf(name, between string) gateEncoder {
	return gateEncoder{
		name:   name,
		kind:   insertion,
		encode: func(s string, _ int) string { return strings.Join(strings.Split(s, ""), between) },
	}
}

// chainOf is the chain of the named encoders, each with p (a cut's length, a wrap's width).
func chainOf(t testing.TB, p int, names ...string) []byte {
	var chain []byte
	for _, name := range names {
		i := slices.IndexFunc(gateEncoders, func(e gateEncoder) bool { return e.name == name })
		if i < 0 {
			t.Fatalf("no encoder %q", name)
		}
		chain = append(chain, byte(i+p*len(gateEncoders))) //nolint:gosec // G115: the tests' p and i keep it under 256
	}
	return chain
}

// mapLetters changes the case of a text's letters; in bytes that are not UTF-8 (UTF-16), of ASCII letters.
func mapLetters(s string, change func(rune) rune) string {
	if utf8.ValidString(s) {
		return strings.Map(change, s)
	}
	b := []byte(s)
	for i, c := range b {
		if c < utf8.RuneSelf && unicode.IsLetter(rune(c)) {
			b[i] = byte(change(rune(c))) //nolint:gosec // G115: an ASCII letter's case is an ASCII letter
		}
	}
	return string(b)
}

func wrapLines(s string, width int, lineBreak string) string {
	var lines []string
	for len(s) > width {
		lines = append(lines, s[:width])
		s = s[width:]
	}
	return strings.Join(append(lines, s), lineBreak)
}

// jsonEscapes writes letters, digits and spaces as they are, every other character as escape(r, its index),
// and a character beyond the BMP as a surrogate pair.
func jsonEscapes(s string, escape func(r rune, i int) string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' '):
			b.WriteRune(r)
		case r > 0xffff:
			high, low := utf16.EncodeRune(r)
			b.WriteString(u(high, false) + u(low, true))
		default:
			b.WriteString(escape(r, i))
		}
	}
	return b.String()
}

// careless escapes every other character \uXXXX and leaves a backslash raw.
func careless(s string) string {
	var b strings.Builder
	for i, r := range []rune(s) {
		if i%2 == 1 && r <= 0xffff {
			b.WriteString(u(r, false))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func u(r rune, upper bool) string {
	if upper {
		return fmt.Sprintf(`\u%04X`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// An echo is a secret as a peer says it: under a chain of encoders, each layer wrapping it in the peer's
// own words, then inside the request's own JSON, inside more words.
type echo struct {
	text  string
	names []string
	// found: what the gate must find survived, the whole secret or a fragment of it (a piece that the
	// cuts left with 8 letters and digits holding a digit, or 16 letters).
	found bool
}

// echoOf builds the echo of secret under the encoders chain picks. The cuts act on the secret itself (a peer
// echoing part of it), before any other layer; a case change never sits above a case-sensitive layer, an
// inserted character above an encoding, nor a disguise above rot13 or an encoding, where they would lose
// what it says: the harness skips such a layer.
func echoOf(secret, words, outer string, chain []byte) echo {
	pieces := []string{secret}
	embedded := secret
	var names []string
	caseSafe := true
	plain := true // only cuts, case changes, insertions, disguises, rot13, reversal, fullwidth so far
	// Below a disguise, no layer the gate decodes but reversal and fullwidth: decoding rot13 under a disguise
	// would turn its Latin letters, not the disguised ones.
	disguiseSafe := true
	disguised := false
	cutsOnly := true
	for _, c := range chain {
		enc := gateEncoders[int(c)%len(gateEncoders)]
		p := int(c) / len(gateEncoders)
		switch {
		case enc.kind == cut && !cutsOnly:
			continue
		case enc.kind == caseChange && !caseSafe:
			continue
		case enc.kind == insertion && !plain:
			continue
		case enc.kind == disguise && !disguiseSafe:
			continue
		case enc.name == "UTF-16LE" && !isASCIIText(embedded):
			continue
		}
		names = append(names, enc.name)
		cutsOnly = cutsOnly && enc.kind == cut
		caseSafe = caseSafe && !enc.caseSensitive
		plain = plain && (enc.kind != code || slices.Contains([]string{"rot13", "reversed", "fullwidth"}, enc.name))
		disguiseSafe = disguiseSafe && (enc.kind != code || slices.Contains([]string{"reversed", "fullwidth"}, enc.name))
		disguised = disguised || enc.kind == disguise
		if enc.kind == cut {
			embedded = cutPieces(enc.name, &pieces, words, p)
			continue
		}
		w := []rune(words)
		cutAt := p % (len(w) + 1) // the layer's own words before and after what it wraps
		embedded = enc.encode(string(w[:cutAt])+embedded+string(w[cutAt:]), p)
	}
	request, _ := json.Marshal(map[string]string{
		"login":    "dev",
		"password": embedded,
	})
	e := echo{
		text:  outer[:half(outer)] + string(request) + outer[half(outer):],
		names: names,
		found: slices.ContainsFunc(pieces, holdsFragment),
	}
	// Whole, the secret is found as it is said; disguised, by its fragments, or whole by its letters and digits
	// when it has four of them.
	if len(pieces) == 1 && pieces[0] == secret && (!disguised || asciiLettersAndDigits(secret) >= 4) {
		e.found = true
	}
	return e
}

// cutPieces cuts the secret as the named cut does, and answers the text a peer says: the pieces with the
// words between them.
func cutPieces(name string, pieces *[]string, words string, p int) string {
	ps := *pieces
	n := 1 + p%3
	switch name {
	case "cut at the start by 1 to 3":
		r := []rune(ps[0])
		ps[0] = string(r[min(n, len(r)):])
	case "cut at the end by 1 to 3":
		r := []rune(ps[len(ps)-1])
		ps[len(ps)-1] = string(r[:max(len(r)-n, 0)])
	default:
		r := []rune(ps[len(ps)-1])
		at := p % (len(r) + 1)
		ps = append(ps[:len(ps)-1], string(r[:at]), string(r[at:]))
	}
	*pieces = ps
	return strings.Join(ps, " "+words+" ")
}

// holdsFragment: the text holds 8 consecutive ASCII letters and digits with a digit, or 16 letters, what is
// neither a letter nor a digit aside; written apart from the gate's own rule, which it states.
func holdsFragment(text string) bool {
	run := []rune{}
	for _, r := range text + "é" {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
		case r < utf8.RuneSelf:
			run = append(run, r)
		default:
			for i := range run {
				if i+8 <= len(run) && slices.ContainsFunc(run[i:i+8], unicode.IsDigit) {
					return true
				}
				if i+16 <= len(run) {
					return true
				}
			}
			run = run[:0]
		}
	}
	return false
}

// saidWithControls is a secret said by a peer that writes its escape sequences (\n, \t, \r, \xNN of a
// control character) as the characters they stand for: the gate's own escaping, showing them, spells it.
func saidWithControls(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		v, err := strconv.Unquote(`"` + s[i:min(i+4, len(s))] + `"`)
		switch {
		case strings.HasPrefix(s[i:], `\n`) || strings.HasPrefix(s[i:], `\t`) || strings.HasPrefix(s[i:], `\r`):
			b.WriteString(map[byte]string{'n': "\n", 't': "\t", 'r': "\r"}[s[i+1]])
			i++
		case strings.HasPrefix(s[i:], `\x`) && err == nil && len(v) == 1 && (v[0] < ' ' || v[0] == 0x7f):
			b.WriteString(v)
			i += 3
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func half(s string) int { return len(s) / 2 }

func asciiLettersAndDigits(s string) int {
	n := 0
	for _, r := range s {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			n++
		}
	}
	return n
}

// FuzzGate embeds a random secret under a chain of one to five encoders (echoOf), inside the request's own
// JSON, inside random text. The gate must withhold the answer whole when a findable part of the secret
// survived; and a text that holds no secret it must show as it is, but for escaped control characters and
// the cut.
func FuzzGate(f *testing.F) {
	f.Add("pa/ss+w&rd<Secret99>", `{"error":"bad login", "echo": `, []byte(`{"password": "`), []byte{3})
	f.Add(`pa\ss"w0rd'+x`, "Unauthorized: ", []byte("login="), []byte{4, 8})
	f.Add("hdr-Ω-secret-42", "<html><body>refused ", []byte("X-Client-Secret: "), []byte{5, 9, 1})
	f.Add("tok.eyJhbGci.sig", "aGVsbG8gd29ybGQ", []byte("Bearer "), []byte{10, 11})
	f.Add("code=az/fn+key==", "forbidden: https://fn.example/api?", []byte("code="), []byte{8, 6, 12})
	f.Add("s3cr3t-v4lue!", "\x1b[32mApply complete!\x1b[0m ", []byte{}, []byte{7, 2, 0})
	f.Add("9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c", "error: ", []byte("key "), []byte{36, 33, 10, 10, 10, 10})
	f.Add(`PwD<Zx4>"Yk`, "", []byte("echo "), []byte{6, 7, 9})
	f.Add("Tr0ub4dor&3-horse", "refused: ", []byte(" "), []byte{35, 26, 29, 20, 23})
	f.Add(`\x1b[31mq\x07`, "\x1b[0m ", []byte("said "), []byte{1})
	// Each disguise, under a layer the gate decodes or a case change.
	f.Add("sk-live-4f7A9c2E8b1D", "denied: ", []byte("echo "), chainOf(f, 0, "hyphen between characters", "Go JSON"))
	f.Add("Zx81-mpq3.tY5e", "", []byte(" "), chainOf(f, 1, "dot and space between characters", "rot13"))
	f.Add("AbCdEf1234567890", "<p>", []byte("key: "), chainOf(f, 0, "combining low line after each character", "base64"))
	f.Add("pw+9f2c4e6a8b0d", "", []byte("said "), chainOf(f, 0, "mathematical bold", "percent"))
	f.Add("token_5y7u9i0o2p", "refused ", []byte{}, chainOf(f, 0, "circled", "upper-cased"))
	f.Add("Space-Ocean-7XPKTMI3a", "error: ", []byte("secret "), chainOf(f, 0, "Cyrillic lookalikes", "upper-cased", "HTML numeric"))
	f.Add("I9I8I7I6I5I4", "", []byte("id "), chainOf(f, 0, "Cyrillic lookalikes"))
	f.Add("ab12-cd34-ef56", "bad: ", []byte("value "), chainOf(f, 0, "hyphen between characters", "form"))
	f.Add("Zq3Wx9k!", "invalid: ", []byte(" "), chainOf(f, 0, "Cyrillic lookalikes", "dot and space between characters"))
	f.Add("t0kenT0KENtok99", "message: ", []byte("invalid: "), chainOf(f, 0, "hex with colons"))
	f.Add("pa55-Wørd-2024", "error: ", []byte("said "), chainOf(f, 0, `JavaScript \u{X}, every character`, "Go JSON"))
	f.Fuzz(func(t *testing.T, secret, outer string, inner, chain []byte) {
		// From 8 bytes on, a secret read from a binary layer is a stretch of text readsAsText keeps, whatever
		// is glued to it; TestGateShortestSecrets has the shorter ones.
		if len(secret) < longSecret || len(secret) > 64 || len(outer) > 256 || len(inner) > 32 || len(chain) > 5 ||
			!printable(secret) {
			return
		}
		if len(chain) == 0 {
			chain = []byte{0}
		}
		// A peer's own words are text; the gate reads a binary blob as no text (readsAsText).
		words := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == utf8.RuneError {
				return -1
			}
			return r
		}, strings.ToValidUTF8(string(inner), ""))
		e := echoOf(secret, words, outer, chain)

		g := &gate{}
		g.add(secret, "an-unrelated-secret-value")
		if got := g.redact(e.text); e.found && got != Withheld {
			t.Fatalf("the secret %q under %v was shown:\n%q", secret, e.names, got)
		}

		// Said with control characters for its escapes, the secret is spelled by what the gate shows.
		said := outer[:half(outer)] + saidWithControls(secret) + outer[half(outer):]
		if said != outer[:half(outer)]+secret+outer[half(outer):] && len(escapeControls(said, maxExcerpt)) < maxExcerpt &&
			g.redact(said) != Withheld {
			t.Fatalf("the secret %q said with control characters was shown:\n%q", secret, g.redact(said))
		}

		// The same text with another secret: shown as it is, unless it holds a secret after all.
		other := &gate{}
		other.add(secret + "-but-not-this-one")
		want := escapeControls(e.text, maxExcerpt)
		got := other.redact(e.text)
		if got != want && !other.holdsSecret(e.text) && !other.holdsSecret(want) {
			t.Fatalf("a text without the secret was changed:\n got %q\nwant %q", got, want)
		}
	})
}

// printable: the provider refuses a credential or header value with a control character.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) || r == utf8.RuneError {
			return false
		}
	}
	return true
}
