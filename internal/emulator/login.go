// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

type loginRequest struct {
	Login    string `json:"login"`
	Password string `json:"password"`
	TenantID string `json:"tenantid"`
}

type loginResponse struct {
	Token string `json:"token"`
}

// handleLogin is POST /identity/login: it needs only the subscription key,
// and issues a short-lived JWT the emulator remembers until it expires.
func (e *Emulator) handleLogin(w http.ResponseWriter, r *http.Request, t *tenantState) {
	var req loginRequest
	if !decodeJSON(w, r, &req) {
		return
	}
	e.mu.Lock()
	cred := t.Tenant
	e.mu.Unlock()
	okUser := cred.Username != "" && hmac.Equal([]byte(req.Login), []byte(cred.Username))
	okPass := cred.Password != "" && hmac.Equal([]byte(req.Password), []byte(cred.Password))
	okTenant := strings.EqualFold(strings.TrimSpace(req.TenantID), cred.TenantID)
	if !okUser || !okPass || !okTenant {
		writeError(w, http.StatusUnauthorized, "Invalid login, password or tenant id.")
		return
	}
	now := e.now()
	exp := now.Add(e.tokenLifetime)
	token := e.signJWT(cred, now, exp)

	e.mu.Lock()
	for tok, x := range t.tokens { // prune, so long runs do not grow the map
		if !now.Before(x) {
			delete(t.tokens, tok)
		}
	}
	t.tokens[token] = exp
	e.mu.Unlock()
	writeJSON(w, http.StatusOK, loginResponse{Token: token})
}

// signJWT builds a JWT shaped like the live service's: exp is nbf plus the
// token lifetime. The emulator trusts only tokens it remembers, so the
// signature (HMAC with a per-process secret) is for realism only.
func (e *Emulator) signJWT(t Tenant, nbf, exp time.Time) string {
	enc := base64.RawURLEncoding
	header, _ := json.Marshal(map[string]string{"alg": "HS256", "typ": "JWT"})
	payload, _ := json.Marshal(struct {
		Iss string `json:"iss"`
		Sub string `json:"sub"`
		Tid string `json:"tid"`
		Nbf int64  `json:"nbf"`
		Iat int64  `json:"iat"`
		Exp int64  `json:"exp"`
		Jti string `json:"jti"`
	}{"esign-emulator", t.Username, t.TenantID, nbf.Unix(), nbf.Unix(), exp.Unix(), newGUID()})
	signing := enc.EncodeToString(header) + "." + enc.EncodeToString(payload)
	mac := hmac.New(sha256.New, e.jwtSecret)
	mac.Write([]byte(signing))
	return signing + "." + enc.EncodeToString(mac.Sum(nil))
}
