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
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestGateShows(t *testing.T) {
	g := &gate{}
	g.add("", "on", "40", "key-0123", "long-secret-value")
	for in, want := range map[string]string{
		// Short secrets count as whole words only.
		"service answered 404; retry in 40s": "service answered 404; retry in 40s",
		"online":                             "online",
		`{"X-Flag":"on"}`:                    Withheld,
		// Longer ones in any decoding, and without their first two characters.
		"k=key-0123x":              Withheld,
		"k=a2V5LTAxMjM":            Withheld,
		`user: &#x6B;ey-0123`:      Withheld,
		`\\ng-secret-value`:        Withheld,
		"bG9uZy1zZWNyZXQtdmFsdWU=": Withheld,
		// Control characters, escape sequences and bidi overrides are shown escaped.
		"\x1b[32mApply complete!\x1b[0m":           `\x1b[32mApply complete!\x1b[0m`,
		"\x1b]8;;https://evil.example\x07link":     `\x1b]8;;https://evil.example\x07link`,
		"line\r\nnext\ttab \u202eevil \u0085 \x7f": `line\r\nnext\ttab \u202eevil \u0085 \x7f`,
		"bad \xff byte":                            "bad \uFFFD byte",
		strings.Repeat("é", maxShown+5):            strings.Repeat("é", maxShown) + "…",
	} {
		if got := g.Show(in); got != want {
			t.Errorf("Show(%q) = %q, want %q", in, got, want)
		}
	}
}

// A secret past the excerpt's cut is found all the same: the gate reads the whole answer first.
func TestGateWithholdsASecretPastTheCut(t *testing.T) {
	g := &gate{}
	g.add("tok-straddling-the-cut-0123456789")
	if got := g.Show(strings.Repeat("x", 2*maxShown) + " dG9rLXN0cmFkZGxpbmctdGhlLWN1dC0wMTIzNDU2Nzg5"); got != Withheld {
		t.Errorf("Show = %q", got)
	}
}

func TestShowURIAndStatus(t *testing.T) {
	c := &Client{gate: &gate{}}
	c.gate.add(URISecrets("https://user:pw-123456@fn.example/api/hook?code=az-key-0987654321&x=1#frag")...)
	if got, want := c.ShowURI("https://user:pw-123456@fn.example/api/hook?code=az-key-0987654321&x=1#frag"),
		"https://fn.example/api/hook?code=…&x=…"; got != want {
		t.Errorf("ShowURI = %q, want %q", got, want)
	}
	if got := c.Show("forbidden: /api/hook?code=az-key-0987654321"); got != Withheld {
		t.Errorf("a receiver's query value was shown: %q", got)
	}
	if got := StatusText(401); got != "401 Unauthorized" {
		t.Errorf("StatusText(401) = %q", got)
	}
}

// A hostile gateway's error answers quote the request in Go's, .NET's or form encoding: the error and the
// log line withhold them, and a dropped create quotes it where Go's client repeats it in its error.
func TestEchoedSecretsAreWithheld(t *testing.T) {
	secret := func(word string) string { return word + `&<>+"\é/` + word }
	for _, encoding := range []hostile.Encoding{hostile.GoJSON, hostile.DotNet, hostile.Form} {
		t.Run("encoding "+string(encoding), func(t *testing.T) {
			tenant := testEmulator.NewTenant()
			h := hostile.New(t, testURL)
			h.Echo(encoding)
			log := &recordedLog{}
			newClient := func(token string, login *LoginCredentials) *Client {
				c, err := New(Config{BaseURL: h.URL, SubscriptionKey: tenant.SubscriptionKey, AccessToken: token, Login: login,
					MaxRetries: -1, Logger: log})
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			_, err := newClient(secret("tokenword"), nil).listHooks(context.Background())
			checkWithheld(t, "a refused token", err, "tokenword")
			_, err = newClient("", &LoginCredentials{Username: tenant.Username, Password: secret("passwordword"), TenantID: tenant.TenantID}).
				listHooks(context.Background())
			checkWithheld(t, "a refused password", err, "passwordword")

			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultDrop, 1)
			req := onceRequest
			req.Headers = map[string]string{"X-Secret": secret("headerword")}
			_, err = newClient(tenant.AccessToken, nil).CreateSubscription(context.Background(), req)
			checkWithheld(t, "a dropped create", err, "headerword", tenant.AccessToken, tenant.SubscriptionKey)
			checkWithheld(t, "the log of a dropped create", errors.New(log.String()), "headerword", tenant.AccessToken, tenant.SubscriptionKey)
		})
	}
}

// A short header value echoed in an error answer withholds the answer; the status is still shown.
func TestShortHeaderValueWithheld(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"message":"header X-Mode: q7 is not allowed"}`))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL, SubscriptionKey: "key-0123", AccessToken: "tok-0123"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateSubscription(context.Background(), CreateSubscriptionRequest{
		EventType: "signatorysigned", URI: "https://x.example.com", Headers: map[string]string{"X-Mode": "q7"},
	})
	checkWithheld(t, "an echoed short header value", err, "q7")
	if !strings.Contains(err.Error(), "400 Bad Request") {
		t.Errorf("the status is not shown: %v", err)
	}
}

// checkWithheld fails if err shows any of words, or withheld nothing (then nothing was echoed, and the
// test proved nothing).
func checkWithheld(t *testing.T, what string, err error, words ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	for _, w := range words {
		if strings.Contains(err.Error(), w) {
			t.Errorf("%s: %q is in %v", what, w, err)
		}
	}
	if !strings.Contains(err.Error(), Withheld) {
		t.Errorf("%s: nothing was withheld in %v", what, err)
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

// A login body in Go's JSON, echoed by an encoder that escapes every other character and leaves a backslash
// raw before its own escape (found by an attack; two JSON layers, the outer one careless).
func TestGateCarelessEscapes(t *testing.T) {
	g := &gate{}
	g.add(`PwD<Zx4>"Yk`)
	body, _ := json.Marshal(map[string]string{"login": "dev", "password": `PwD<Zx4>"Yk`}) //nolint:gosec // G101: a made-up secret the gate must find
	careless := gateEncoders[slices.IndexFunc(gateEncoders, func(e struct {
		name   string
		encode func(string) string
	}) bool {
		return strings.HasPrefix(e.name, "JSON careless")
	})].encode
	for _, text := range []string{careless(string(body)), strconv.Quote(careless(string(body)))} {
		if got := g.Show(text); got != Withheld {
			t.Errorf("Show(%s) = %q", text, got)
		}
	}
}
