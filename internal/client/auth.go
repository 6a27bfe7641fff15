package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// authenticator holds the bearer token: either a static access token, or one
// obtained from POST /identity/login and renewed once when a call answers 401.
type authenticator struct {
	c               *Client
	subscriptionKey string
	login           *LoginCredentials

	mu      sync.Mutex
	current string
	// rejected is the error of a login the service refused (401/403).
	// Every later call fails with it at once: the credentials will not
	// get better within a run, concurrent calls learn it without one
	// login each, and repeated wrong passwords may lock the account.
	rejected error
}

func newAuthenticator(c *Client, cfg Config) *authenticator {
	a := &authenticator{c: c, subscriptionKey: cfg.SubscriptionKey, current: cfg.AccessToken}
	if cfg.Login != nil {
		login := *cfg.Login
		a.login = &login
		c.secrets.add(login.Password)
	}
	return a
}

func (a *authenticator) canLogin() bool { return a.login != nil }

// token returns the current token, logging in first when there is none.
// Concurrent callers wait for one login instead of each logging in.
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

// relogin drops stale (the token a call was rejected with) and logs in
// again, unless another caller has already replaced it.
func (a *authenticator) relogin(ctx context.Context, stale string) error {
	if Interrupted(ctx) {
		// The call is repeated after the login: a new attempt, which an
		// interrupted write does not start (interrupt.go). The 401 says
		// the refused request did nothing.
		return ErrInterrupted
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

// Login calls POST /identity/login with the configured credentials and
// returns the token. Callers normally let the client log in by itself.
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
	c.secrets.add(out.Token)
	return out.Token, nil
}
