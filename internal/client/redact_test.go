package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRedactorReplacesSecrets(t *testing.T) {
	r := &redactor{}
	r.add("", "key-0123", "key-0123-long", "on", "40", "ü", "on")
	for in, want := range map[string]string{
		// Long secrets go wherever they occur, the longer one first.
		"k=key-0123-long, key-0123x": "k=[redacted], [redacted]x",
		// Short ones only as whole tokens.
		`{"X-Flag":"on","note":"only one"}`:  `{"X-Flag":"[redacted]","note":"only one"}`,
		"X-Flag: on\r\nX-Other: on-call":     "X-Flag: [redacted]\r\nX-Other: [redacted]-call",
		"on on,on":                           "[redacted] [redacted],[redacted]",
		"service answered 404; retry in 40s": "service answered 404; retry in 40s",
		"code=40&x=1":                        "code=[redacted]&x=1",
		"über ü grün":                        "über [redacted] grün",
		"_on on_ éon oné":                    "_on on_ éon oné",
		"nothing to see":                     "nothing to see",
	} {
		if got := r.redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
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

// Whatever the text and the short secret, no whole-token occurrence is left
// between the redaction marks, and a text without one comes back unchanged.
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
		got := replaceWholeTokens(text, token)
		// The text between marks is the input's, unchanged; the marks
		// themselves may hold the token's characters. Log masking with
		// WholeTokenPattern must leave no more than the redactor does.
		masked := WholeTokenPattern(token).ReplaceAllString(text, redacted)
		for name, out := range map[string]string{"replaceWholeTokens": got, "WholeTokenPattern": masked} {
			for _, part := range strings.Split(out, redacted) {
				if i := wholeTokenIndex(part, token); i >= 0 {
					t.Fatalf("%s(%q, %q) = %q: a whole token is left in %q at %d", name, text, token, out, part, i)
				}
			}
		}
		if wholeTokenIndex(text, token) < 0 && got != text {
			t.Fatalf("replaceWholeTokens(%q, %q) = %q: changed a text without the token", text, token, got)
		}
	})
}

// wholeTokenIndex is the plain definition: the first whole-token occurrence
// of token in text, or -1.
func wholeTokenIndex(text, token string) int {
	for i := 0; i+len(token) <= len(text); i++ {
		if strings.HasPrefix(text[i:], token) && wholeToken(text, token, i) {
			return i
		}
	}
	return -1
}
