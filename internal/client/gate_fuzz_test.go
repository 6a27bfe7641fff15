// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// gateEncoders are written independently of the gate's decoders: the library's where there is one.
var gateEncoders = []struct {
	name   string
	encode func(string) string
}{
	{"Go JSON", func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }},
	{`JSON \uXXXX upper`, func(s string) string { return jsonEscapes(s, func(r rune, _ int) string { return u(r, true) }) }},
	{`JSON \uXXXX lower`, func(s string) string { return jsonEscapes(s, func(r rune, _ int) string { return u(r, false) }) }},
	{`JSON \/ (PHP)`, func(s string) string {
		return jsonEscapes(s, func(r rune, _ int) string {
			if strings.ContainsRune(`/"\`, r) {
				return `\` + string(r)
			}
			return u(r, false)
		})
	}},
	{`JSON mixed \" \\ \u0027 \u002B`, func(s string) string {
		return jsonEscapes(s, func(r rune, i int) string { // each style, turn by turn
			if i%3 == 0 && strings.ContainsRune(`/"\`, r) {
				return `\` + string(r)
			}
			return u(r, i%3 == 1)
		})
	}},
	{`JSON careless: every other character \uXXXX, a backslash left raw`, careless},
	{"HTML named", html.EscapeString},
	{"HTML numeric", func(s string) string {
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
	}},
	{"percent", url.PathEscape},
	{"form", url.QueryEscape},
	{"base64", func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }},
	{"base64url", func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }},
	{"hex", func(s string) string { return hex.EncodeToString([]byte(s)) }},
	{"HEX", func(s string) string { return strings.ToUpper(hex.EncodeToString([]byte(s))) }},
	{"reversed", func(s string) string { r := []rune(s); slices.Reverse(r); return string(r) }},
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

// FuzzGate embeds a random secret under a chain of one to three encoders, each layer wrapping it in random
// text as a peer's message would, inside random text. The gate must withhold the answer whole; and a text
// that holds no secret it must show as it is, but for escaped control characters and the cut.
func FuzzGate(f *testing.F) {
	f.Add("pa/ss+w&rd<Secret99>", `{"error":"bad login", "echo": `, []byte(`{"password": "`), []byte{3})
	f.Add(`pa\ss"w0rd'+x`, "Unauthorized: ", []byte("login="), []byte{4, 8})
	f.Add("hdr-Ω-secret-42", "<html><body>refused ", []byte("X-Client-Secret: "), []byte{5, 9, 1})
	f.Add("tok.eyJhbGci.sig", "aGVsbG8gd29ybGQ", []byte("Bearer "), []byte{10, 11})
	f.Add("code=az/fn+key==", "forbidden: https://fn.example/api?", []byte("code="), []byte{8, 6, 12})
	f.Add("s3cr3t-v4lue!", "\x1b[32mApply complete!\x1b[0m ", []byte{}, []byte{7, 2, 0})
	f.Fuzz(func(t *testing.T, secret, outer string, inner, chain []byte) {
		if len(secret) < 8 || len(secret) > 64 || len(outer) > 512 || len(inner) > 64 || len(chain) > 3 ||
			!printable(secret) {
			return
		}
		if len(chain) == 0 {
			chain = []byte{0}
		}
		embedded := secret
		var names []string
		for _, c := range chain {
			enc := gateEncoders[int(c)%len(gateEncoders)]
			names = append(names, enc.name)
			cut := int(c>>4) % (len(inner) + 1) // the layer's own words before and after what it wraps
			embedded = enc.encode(string(inner[:cut]) + embedded + string(inner[cut:]))
		}
		half := len(outer) / 2
		text := outer[:half] + embedded + outer[half:]

		g := &gate{}
		g.add(secret, "an-unrelated-secret-value")
		if got := g.redact(text); got != Withheld {
			t.Fatalf("the secret %q under %v was shown:\n%q", secret, names, got)
		}

		// The same text with another secret: shown as it is, unless it holds a secret after all.
		other := &gate{}
		other.add(secret + "-but-not-this-one")
		want := escapeControls(text, maxExcerpt)
		if got := other.redact(text); got != want && !other.holdsSecret(text) && !other.holdsSecret(want) {
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
