// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// authenticator holds a static access token, or one from the login, renewed once when a call answers 401.
type authenticator struct {
	c               *Client
	subscriptionKey string
	login           *LoginCredentials

	mu       sync.Mutex
	current  string
	rejected error // a refused login, never tried again: repeated wrong passwords may lock the account
}

func newAuthenticator(c *Client, cfg Config) *authenticator {
	a := &authenticator{c: c, subscriptionKey: cfg.SubscriptionKey, current: cfg.AccessToken}
	if cfg.Login != nil {
		login := *cfg.Login
		a.login = &login
		c.gate.add(login.Password)
	}
	return a
}

func (a *authenticator) canLogin() bool { return a.login != nil }

// token logs in when there is no token; concurrent callers wait for one login.
func (a *authenticator) token(ctx context.Context) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rejected != nil {
		return "", a.rejected
	}
	if a.current != "" || a.login == nil {
		return a.current, nil
	}
	tok, err := a.c.Login(ctx)
	if errors.Is(err, ErrLoginRejected) {
		a.rejected = err
	}
	if err != nil {
		return "", err
	}
	a.current = tok
	return tok, nil
}

// relogin drops stale, unless another caller replaced it already, and logs in again.
func (a *authenticator) relogin(ctx context.Context, stale string) error {
	if Interrupted(ctx) {
		return ErrInterrupted // the 401 says the refused request did nothing
	}
	a.mu.Lock()
	if a.current == stale {
		a.current = ""
	}
	a.mu.Unlock()
	_, err := a.token(ctx)
	return err
}

type loginRequest struct {
	Login    string `json:"login"`
	Password string `json:"password"`
	TenantID string `json:"tenantid"`
}

type loginResponse struct {
	Token string `json:"token"`
}

// Login returns a token; the client logs in by itself when it needs one.
func (c *Client) Login(ctx context.Context) (string, error) {
	creds := c.auth.login
	if creds == nil {
		return "", errors.New("login: no login credentials are configured")
	}
	var out loginResponse
	err := c.doJSON(ctx, call{
		method:     http.MethodPost,
		route:      "POST /identity/login",
		url:        c.endpoint(nil, lit("identity"), lit("login")),
		body:       loginRequest{Login: creds.Username, Password: creds.Password, TenantID: creds.TenantID},
		idempotent: true, // logging in twice is harmless
		anonymous:  true,
	}, &out)
	if err != nil {
		if errors.Is(err, ErrUnauthorized) {
			return "", fmt.Errorf("%w: the service at %s refused the username, password, tenant id or subscription key: %w",
				ErrLoginRejected, hostPort(c.base), err)
		}
		return "", fmt.Errorf("login failed: %w", err)
	}
	if out.Token == "" {
		return "", errors.New("login failed: the service answered without a token")
	}
	c.gate.add(out.Token)
	return out.Token, nil
}
