// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"html"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

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
	{decode: decodeBase64Runs, binary: true},
	{decode: decodeHexRuns, binary: true},
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
					if budget -= len(out); budget < 0 {
						return false
					}
					seen[out] = true
					nd := decoding{text: out, binary: d.binary || dec.binary}
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
			b.WriteByte("\b\f\n\r\t"[strings.IndexByte("bfnrt", c)])
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
			n := copy(v[:], run[i:min(i+4, len(run))])
			out = append(out, v[0]<<2|v[1]>>4)
			if n > 2 {
				out = append(out, v[1]<<4|v[2]>>2)
			}
			if n > 3 {
				out = append(out, v[2]<<6|v[3])
			}
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
			runs = append(runs, run{i, j, values})
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
