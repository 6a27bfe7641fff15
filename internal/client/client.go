// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package client talks to the electronic-signature service over HTTP and knows
// nothing about Terraform. Secrets never appear in an error or a log event.
package client

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	DefaultMaxRetries     = 4
	DefaultRequestTimeout = 30 * time.Second
)

// Config needs BaseURL, SubscriptionKey and exactly one of AccessToken or Login.
type Config struct {
	BaseURL         string
	SubscriptionKey string
	AccessToken     string
	Login           *LoginCredentials

	MaxRetries        int           // retries of one call; negative: none, zero: the default
	RequestTimeout    time.Duration // one attempt, up to the answer's last byte
	UserAgent         string
	Logger            Logger // one event per attempt; nil: silence
	AllowInsecureHTTP bool   // http:// for any host, not only loopback

	httpClient     *http.Client  // copied, to follow no redirect; nil: a client of its own
	retryBaseDelay time.Duration // tests shorten it
}

type LoginCredentials struct {
	Username string
	Password string
	TenantID string
}

// Logger receives structured request events. Fields never carry secrets.
type Logger interface {
	Debug(ctx context.Context, msg string, fields map[string]any)
}

// Client is safe for concurrent use.
type Client struct {
	base           *url.URL
	http           *http.Client
	userAgent      string
	maxRetries     int
	timeout        time.Duration
	retryBaseDelay time.Duration
	logger         Logger
	gate           *gate

	subscriptionKey string
	login           *LoginCredentials
	tokenMu         sync.Mutex
	accessToken     string // static, or from the login: renewed once when a call answers 401
	loginRejected   error  // never tried again: repeated wrong passwords may lock the account

	creates          subscriptionCreates
	baseURLConfirmed atomic.Bool  // GET /hooks/v1 answered here, so a 404 means what it says
	unreachableUntil atomic.Int64 // Unix ns; until then a call makes one attempt (hostDown)

	subscriptions  *coalescer[*SubscriptionSet]
	entityMetadata *coalescer[*MetadataSet]
	supportedHooks *coalescer[[]Hook]
}

// New validates cfg and returns a Client. It makes no request.
func New(cfg Config) (*Client, error) {
	base, err := parseBaseURL(cfg.BaseURL, cfg.AllowInsecureHTTP)
	if err != nil {
		return nil, err
	}
	if cfg.SubscriptionKey == "" {
		return nil, errors.New("a subscription key is required")
	}
	if (cfg.AccessToken == "") == (cfg.Login == nil) {
		return nil, errors.New("exactly one of an access token or login credentials is required")
	}
	if cfg.Login != nil && (cfg.Login.Username == "" || cfg.Login.Password == "" || cfg.Login.TenantID == "") {
		return nil, errors.New("login needs a username, a password and a tenant id")
	}

	c := &Client{
		base:            base,
		http:            withRefusedRedirects(cfg.httpClient),
		userAgent:       cmp.Or(cfg.UserAgent, "terraform-provider-esign"),
		maxRetries:      cfg.MaxRetries,
		timeout:         cfg.RequestTimeout,
		retryBaseDelay:  cmp.Or(cfg.retryBaseDelay, defaultRetryBaseDelay),
		logger:          cfg.Logger,
		gate:            &gate{},
		subscriptionKey: cfg.SubscriptionKey,
		accessToken:     cfg.AccessToken,
		subscriptions:   newCoalescer[*SubscriptionSet](),
		entityMetadata:  newCoalescer[*MetadataSet](),
		supportedHooks:  newCoalescer[[]Hook](),
	}
	switch {
	case c.maxRetries == 0:
		c.maxRetries = DefaultMaxRetries
	case c.maxRetries < 0:
		c.maxRetries = 0
	}
	if c.timeout <= 0 {
		c.timeout = DefaultRequestTimeout
	}
	c.gate.add(cfg.SubscriptionKey, cfg.AccessToken)
	if cfg.Login != nil {
		login := *cfg.Login
		c.login = &login
		c.gate.add(login.Password)
	}
	return c, nil
}

// AddSecrets adds values the gate withholds: header values, a receiver URI's query values.
func (c *Client) AddSecrets(values ...string) { c.gate.add(values...) }

// Show passes what a peer said through the gate before a user sees it (gate.go).
func (c *Client) Show(text string) string { return c.gate.Show(text) }

// ShowURI shows a receiver URI without userinfo and query values, through the gate.
func (c *Client) ShowURI(raw string) string { return c.gate.Show(stripURI(raw)) }

// endpoint builds a route's URL. Each segment is escaped, so that "/" or "%" stays inside it, and "." and
// ".." too, or servers on the way would resolve them.
func (c *Client) endpoint(query url.Values, segments ...string) *url.URL {
	u := *c.base
	u.RawPath = c.base.EscapedPath()
	for _, s := range segments {
		if s == "." || s == ".." {
			u.RawPath += "/" + strings.Repeat("%2E", len(s))
		} else {
			u.RawPath += "/" + url.PathEscape(s)
		}
	}
	u.Path, _ = url.PathUnescape(u.RawPath)
	if query != nil {
		u.RawQuery = query.Encode()
	}
	return &u
}

// RequestTimeout bounds one attempt; the provider bounds what it sends itself with it too.
func (c *Client) RequestTimeout() time.Duration { return c.timeout }

// LoginTenantID is "" with a static access token.
func (c *Client) LoginTenantID() string {
	if c.login == nil {
		return ""
	}
	return c.login.TenantID
}

// token logs in when there is no token; concurrent callers wait for one login.
func (c *Client) token(ctx context.Context) (_ string, err error) {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	if c.accessToken == "" && c.login != nil && c.loginRejected == nil {
		c.accessToken, err = c.Login(ctx) // "" on failure
		if errors.Is(err, ErrLoginRejected) {
			c.loginRejected = err
		}
	}
	if c.loginRejected != nil {
		return "", c.loginRejected
	}
	return c.accessToken, err
}

// relogin drops stale, unless another caller replaced it already, and logs in again.
func (c *Client) relogin(ctx context.Context, stale string) error {
	if Interrupted(ctx) {
		return ErrInterrupted // the 401 says the refused request did nothing
	}
	c.tokenMu.Lock()
	if c.accessToken == stale {
		c.accessToken = ""
	}
	c.tokenMu.Unlock()
	_, err := c.token(ctx)
	return err
}

// Login returns a token; the client logs in by itself when it needs one.
func (c *Client) Login(ctx context.Context) (string, error) {
	creds := c.login
	if creds == nil {
		return "", errors.New("login: no login credentials are configured")
	}
	var out struct {
		Token string `json:"token"`
	}
	err := c.doJSON(ctx, call{
		method:     http.MethodPost,
		route:      "POST /identity/login",
		url:        c.endpoint(nil, "identity", "login"),
		body:       map[string]string{"login": creds.Username, "password": creds.Password, "tenantid": creds.TenantID},
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
