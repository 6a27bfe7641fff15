// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The gate: everything a peer (the service, a receiver, a proxy, the network stack) says that can reach a
// user passes Show (DESIGN.md, "Credentials go to the configured origin only").
type gate struct {
	mu      sync.Mutex
	secrets []string
}

const (
	// Withheld replaces a whole text that repeated a credential in any encoding: a text cut around a
	// secret may still hold part of it.
	Withheld = "(not shown: the answer repeated a credential)"
	// maxShown bounds what a diagnostic quotes: enough for a message, too little to flood a terminal.
	maxShown = 256
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

// Show answers text as a user may see it: Withheld when any decoding of it holds a secret, else with
// control characters and escape sequences escaped, cut to maxShown characters.
func (g *gate) Show(text string) string {
	if g.holdsSecret(text) {
		return Withheld
	}
	shown := escapeControls(text, maxShown)
	if shown != text && g.holdsSecret(shown) { // the escapes themselves could spell one
		return Withheld
	}
	return shown
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
	for rest, at := d.text, 0; ; rest = rest[at+1:] {
		if at = strings.Index(rest, secret); at < 0 {
			return false
		}
		before, _ := utf8.DecodeLastRuneInString(rest[:at])
		after, _ := utf8.DecodeRuneInString(rest[at+len(secret):])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
	}
}

func isWordRune(r rune) bool {
	return r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
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

// stripURI drops a receiver URI's userinfo, fragment and query values, which often carry its credential
// (Azure Functions' ?code=, signed URLs).
func stripURI(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(an unparsable URI)"
	}
	u.User, u.Fragment, u.RawFragment = nil, "", ""
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			q[k] = []string{"…"}
		}
		u.RawQuery = strings.ReplaceAll(q.Encode(), "%E2%80%A6", "…")
	}
	return u.String()
}

// URISecrets are the query values of a receiver URI, for the gate.
func URISecrets(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	var out []string
	for _, vs := range u.Query() {
		out = append(out, vs...)
	}
	if p, ok := u.User.Password(); ok {
		out = append(out, p)
	}
	return out
}

// Shown is each subscription as a user may see it: what the service said of it through the gate, its URI
// without query values.
func (c *Client) Shown(subs ...Subscription) []Subscription {
	out := make([]Subscription, len(subs))
	for i, s := range subs {
		out[i] = Subscription{ID: c.Show(s.ID), EventType: c.Show(s.EventType), URI: c.ShowURI(s.URI), Description: c.Show(s.Description)}
	}
	return out
}
