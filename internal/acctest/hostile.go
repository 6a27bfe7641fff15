// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// EchoGateway is a careless gateway in front of the emulator, for hostile-world tests only: it answers the
// routes named ("POST /identity/login") with a 400, or a 401 for the login, whose body quotes the request
// body written by encode; everything else it passes on. It answers its URL and the number of echoes so far.
func EchoGateway(t *testing.T, encode func(string) string, routes ...string) (string, func() int64) {
	t.Helper()
	target, err := url.Parse(EmulatorURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	var echoes atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(routes, r.Method+" "+r.URL.Path) {
			proxy.ServeHTTP(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		status := http.StatusBadRequest
		if r.URL.Path == "/identity/login" {
			status = http.StatusUnauthorized
		}
		echoes.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, `{"message":"refused","request":"`+encode(string(body))+`"}`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, echoes.Load
}

// EchoSlashJSON writes s as PHP's json_encode and .NET's DataContractJsonSerializer do: "/" as "\/".
func EchoSlashJSON(s string) string {
	return strings.ReplaceAll(goJSONString(s, true), "/", `\/`)
}

// EchoMixedJSON writes s as Python's and some gateways' encoders do: Go-style \" and \\ beside \u0027 and
// \u002B in one string.
func EchoMixedJSON(s string) string {
	return strings.NewReplacer("'", `\u0027`, "+", `\u002B`).Replace(goJSONString(s, false))
}

func goJSONString(s string, escapeHTML bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s)
	out := strings.TrimSpace(b.String())
	return out[1 : len(out)-1]
}
