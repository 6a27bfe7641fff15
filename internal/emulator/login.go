// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"maps"
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

// handleLogin is POST /identity/login: it issues a JWT remembered until it expires.
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
	maps.DeleteFunc(t.tokens, func(_ string, x time.Time) bool { return !now.Before(x) }) // so long runs do not grow it
	t.tokens[token] = exp
	e.mu.Unlock()
	writeJSON(w, http.StatusOK, loginResponse{Token: token})
}

// signJWT builds a JWT shaped like the live service's; the emulator trusts
// only tokens it remembers, so the signature is for realism only.
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
