// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestRedactorReplacesSecrets(t *testing.T) {
	r := &redactor{}
	r.add("", "key-0123", "key-0123-long", "on", "40", "ü", "on")
	for in, want := range map[string]string{
		// Long secrets go wherever they occur, the longer one first.
		"k=key-0123-long, key-0123x": "k=[redacted], [redacted]x",
		// Short ones only as whole tokens (next to a non-ASCII letter too).
		`{"X-Flag":"on","note":"only one"}`:  `{"X-Flag":"[redacted]","note":"only one"}`,
		"X-Flag: on\r\nX-Other: on-call":     "X-Flag: [redacted]\r\nX-Other: [redacted]-call",
		"on on,on":                           "[redacted] [redacted],[redacted]",
		"service answered 404; retry in 40s": "service answered 404; retry in 40s",
		"code=40&x=1":                        "code=[redacted]&x=1",
		"über ü":                             "[redacted]ber [redacted]",
		"_on on_ éon":                        "_on on_ é[redacted]",
		"nothing to see":                     "nothing to see",
	} {
		if got := r.redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every form an encoder writes a secret in is redacted whole: each form is
// made here by the encoder itself (or, for .NET, written out by hand), alone
// and nested once, so a form the redactor does not know leaves text behind.
func TestRedactionCoversEveryEncoding(t *testing.T) {
	const value = `Tr0ub4dor&3<correct>horse+"\é`
	goJSON := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	forms := map[string]string{
		"raw":                 value,
		"Go JSON":             goJSON(value),
		"Go JSON upper hex":   strings.ReplaceAll(strings.ReplaceAll(goJSON(value), `\u003c`, `\u003C`), `\u003e`, `\u003E`),
		".NET JSON":           `Tr0ub4dor\u00263\u003Ccorrect\u003Ehorse\u002B\u0022\\\u00E9`,
		".NET JSON lower hex": `Tr0ub4dor\u00263\u003ccorrect\u003ehorse\u002b\u0022\\\u00e9`,
		"%q":                  fmt.Sprintf("%q", value),
		"query":               url.QueryEscape(value),
		"query lower hex":     regexp.MustCompile(`%[0-9A-F]{2}`).ReplaceAllStringFunc(url.QueryEscape(value), strings.ToLower),
		"path":                url.PathEscape(value),
		"path lower hex":      regexp.MustCompile(`%[0-9A-F]{2}`).ReplaceAllStringFunc(url.PathEscape(value), strings.ToLower),
		"form":                url.Values{"password": {value}}.Encode(),
		"JSON in JSON":        goJSON(goJSON(value)),
		"JSON in %q":          fmt.Sprintf("%q", goJSON(value)),
		"form in .NET JSON":   strings.ReplaceAll(url.QueryEscape(value), "+", `\u002B`),
	}
	r := &redactor{}
	r.add(value, "other-value")
	for name, form := range forms {
		text := "before " + form + " after"
		if got := r.redact(text); !strings.Contains(got, redacted) || strings.Contains(got, "horse") || strings.Contains(got, "Tr0ub") {
			t.Errorf("%s: redact(%s) = %s", name, text, got)
		}
	}
}

// A header value shorter than ShortSecretLength that the service echoes in
// an error answer is redacted there too, and only there.
func TestShortHeaderValueRedactedFromErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"message":"header X-Mode: q7 is not allowed (q7x would be)"}`))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL, SubscriptionKey: "key-0123", AccessToken: "tok-0123"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateSubscription(context.Background(), CreateSubscriptionRequest{
		EventType: "signatorysigned", URI: "https://x.example.com", Headers: map[string]string{"X-Mode": "q7"},
	})
	if err == nil {
		t.Fatal("expected an error")
	}
	if want := "X-Mode: [redacted] is not allowed (q7x would be)"; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want it to contain %q", err, want)
	}
}

// A secret that straddles the end of the excerpt kept of an error answer is
// redacted whole before the answer is cut: no prefix of it is left.
func TestErrorExcerptIsRedactedBeforeItIsCut(t *testing.T) {
	const token = "tok-straddling-the-cut-0123456789"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(strings.Repeat("x", maxBodyExcerpt-20) + " token " + token + " was refused"))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL, SubscriptionKey: "key-0123", AccessToken: token})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.SupportedHooks(context.Background())
	if err == nil {
		t.Fatal("expected an error")
	}
	if strings.Contains(err.Error(), token[:6]) {
		t.Errorf("the error keeps a prefix of the token: %v", err)
	}
}

// Whatever the text and the short secret, no whole-token occurrence of it
// is left between the redaction marks.
func FuzzReplaceWholeTokens(f *testing.F) {
	f.Add(`{"X-Flag":"on"} only on`, "on")
	f.Add("404 40 4040", "40")
	f.Add("ü über", "ü")
	f.Add("aaa", "a")
	f.Add("0 0 ", "0 ")
	f.Add("a]b [redacted]", "]")
	f.Add("\xff\xfe", "\xfe")
	f.Fuzz(func(t *testing.T, text, token string) {
		if token == "" || !utf8.ValidString(token) || len(token) >= ShortSecretLength {
			return
		}
		masked := WholeTokenPattern(token).ReplaceAllLiteralString(text, redacted)
		for _, part := range strings.Split(masked, redacted) {
			if i := wholeTokenIndex(part, token); i >= 0 {
				t.Fatalf("WholeTokenPattern(%q) leaves a whole token in %q at %d: %q", token, part, i, masked)
			}
		}
	})
}

// wholeTokenIndex is the plain definition: the first occurrence of token in
// text that continues no word (ASCII letters, digits, "_"), or -1.
func wholeTokenIndex(text, token string) int {
	wordAt := func(s string, last bool) bool {
		r, _ := utf8.DecodeRuneInString(s)
		if last {
			r, _ = utf8.DecodeLastRuneInString(s)
		}
		return s != "" && isASCIIWordRune(r)
	}
	for i := 0; i+len(token) <= len(text); i++ {
		continuesBefore := wordAt(token, false) && wordAt(text[:i], true)
		continuesAfter := wordAt(token, true) && wordAt(text[i+len(token):], false)
		if strings.HasPrefix(text[i:], token) && !continuesBefore && !continuesAfter {
			return i
		}
	}
	return -1
}

// Secrets full of characters that encoders escape are redacted from errors
// and log lines however the service's answer writes them: the echo fault
// quotes each refused request in Go's, .NET's or form encoding, and a
// dropped create quotes it where Go's client repeats it in its error.
func TestEchoedSecretsAreRedacted(t *testing.T) {
	secret := func(word string) string { return word + `&<>+"\é` + word }
	for _, encoding := range []string{emulator.EchoGo, emulator.EchoDotNet, emulator.EchoForm} {
		t.Run("encoding "+encoding, func(t *testing.T) {
			tenant := testEmulator.NewTenant()
			testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{EchoRequest: true, EchoEncoding: encoding})
			log := &recordedLog{}
			newClient := func(token string, login *LoginCredentials) *Client {
				c, err := New(Config{BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey, AccessToken: token, Login: login,
					MaxRetries: -1, Logger: log})
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			_, err := newClient(secret("tokenword"), nil).ListHooks(context.Background())
			checkRedacted(t, "a refused token", err, "tokenword")
			_, err = newClient("", &LoginCredentials{Username: tenant.Username, Password: secret("passwordword"), TenantID: tenant.TenantID}).
				ListHooks(context.Background())
			checkRedacted(t, "a refused password", err, "passwordword")

			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultDrop, 1)
			req := onceRequest
			req.Headers = map[string]string{"X-Secret": secret("headerword")}
			_, err = newClient(tenant.AccessToken, nil).CreateSubscription(context.Background(), req)
			checkRedacted(t, "a dropped create", err, "headerword", tenant.AccessToken, tenant.SubscriptionKey)
			checkRedacted(t, "the log of a dropped create", errors.New(log.String()), "headerword", tenant.AccessToken, tenant.SubscriptionKey)
		})
	}
}

// checkRedacted fails if err shows any of words, or shows no redaction
// (then nothing was echoed, and the test proved nothing).
func checkRedacted(t *testing.T, what string, err error, words ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	for _, w := range words {
		if strings.Contains(err.Error(), w) {
			t.Errorf("%s: %q is in %v", what, w, err)
		}
	}
	if !strings.Contains(err.Error(), redacted) {
		t.Errorf("%s: nothing was redacted in %v", what, err)
	}
}

// recordedLog is a Logger that keeps every line.
type recordedLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *recordedLog) Debug(_ context.Context, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprint(msg, fields))
}

func (l *recordedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}
