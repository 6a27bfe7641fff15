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

// countRequest finds the tenant of the request's subscription key and counts
// the request against it, or against the shared unauthenticated bucket.
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

// authorize answers 401 unless the request has a known subscription key and,
// when needsToken, a valid bearer token of that tenant. Messages are fixed
// texts: the presented key or token is never repeated.
func (e *Emulator) authorize(w http.ResponseWriter, r *http.Request, t *tenantState, needsToken bool) bool {
	if r.Header.Get(headerSubscriptionKey) == "" {
		writeError(w, http.StatusUnauthorized, "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.")
		return false
	}
	if t == nil {
		writeError(w, http.StatusUnauthorized, "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.")
		return false
	}
	if !needsToken {
		return true
	}
	token, ok := bearerToken(r)
	if !ok {
		writeError(w, http.StatusUnauthorized, "Unauthorized: the Authorization header must carry a bearer token.")
		return false
	}
	if !e.tokenValid(t, token) {
		writeError(w, http.StatusUnauthorized, "Unauthorized: the bearer token is invalid or expired.")
		return false
	}
	return true
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

// tokenValid accepts the tenant's static access token, or a token issued by
// login for this tenant that has not expired.
func (e *Emulator) tokenValid(t *tenantState, token string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t.AccessToken != "" && subtle.ConstantTimeCompare([]byte(t.AccessToken), []byte(token)) == 1 {
		return true
	}
	exp, ok := t.tokens[token]
	return ok && e.now().Before(exp)
}

// ExpireTokens forgets every login token issued to the tenant, as if they had
// expired: the next call with one answers 401 and the client must log in again.
// The tenant's static access token keeps working.
func (e *Emulator) ExpireTokens(subscriptionKey string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t, err := e.tenantLocked(subscriptionKey); err == nil {
		clear(t.tokens)
	}
}
