// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

const (
	headerSubscriptionKey = "Ocp-Apim-Subscription-Key"
	headerAuthorization   = "Authorization"
)

// countRequest counts the request for the tenant of its key, or in the
// unauthenticated bucket, and answers the tenant.
func (e *Emulator) countRequest(r *http.Request, route string) *tenantState {
	key := r.Header.Get(headerSubscriptionKey)
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tenants[key]
	if key == "" || t == nil {
		e.unauth[route]++
		return nil
	}
	t.counters[route]++
	return t
}

// authorize answers 401 unless the request has a known key and, when
// needsToken, a valid token of that tenant; the messages repeat neither.
func (e *Emulator) authorize(w http.ResponseWriter, r *http.Request, t *tenantState, needsToken bool) bool {
	var msg string
	switch token, ok := bearerToken(r); {
	case r.Header.Get(headerSubscriptionKey) == "":
		msg = "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API."
	case t == nil:
		msg = "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription."
	case !needsToken:
		return true
	case !ok:
		msg = "Unauthorized: the Authorization header must carry a bearer token."
	case !e.tokenValid(t, token):
		msg = "Unauthorized: the bearer token is invalid or expired."
	default:
		return true
	}
	writeError(w, http.StatusUnauthorized, "%s", msg)
	return false
}

func bearerToken(r *http.Request) (string, bool) {
	v := r.Header.Get(headerAuthorization)
	scheme, token, found := strings.Cut(v, " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

func (e *Emulator) tokenValid(t *tenantState, token string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t.AccessToken != "" && subtle.ConstantTimeCompare([]byte(t.AccessToken), []byte(token)) == 1 {
		return true
	}
	exp, ok := t.tokens[token]
	return ok && e.now().Before(exp)
}

// ExpireTokens forgets the tenant's login tokens, as if they had expired;
// its static access token keeps working.
func (e *Emulator) ExpireTokens(subscriptionKey string) {
	_ = e.onTenant(subscriptionKey, func(t *tenantState) { clear(t.tokens) })
}
