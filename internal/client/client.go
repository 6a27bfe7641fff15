// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package client talks to the electronic-signature service over HTTP and knows
// nothing about Terraform. Secrets never appear in an error or a log event.
package client

import (
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
	HTTPClient        *http.Client // copied, to follow no redirect; nil: a client of its own
	Logger            Logger       // one event per attempt; nil: silence
	ExtraSecrets      []string     // withheld too, e.g. webhook header values
	AllowInsecureHTTP bool         // http:// for any host, not only loopback

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
	base       *url.URL
	http       *http.Client
	userAgent  string
	maxRetries int
	timeout    time.Duration
	backoff    backoff
	logger     Logger
	gate       *gate
	auth       *authenticator

	creates          subscriptionCreates
	baseURLConfirmed atomic.Bool // GET /hooks/v1 answered here, so a 404 means what it says
	unreachable      unreachableHost

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
		base:       base,
		http:       withRefusedRedirects(cfg.HTTPClient),
		userAgent:  cfg.UserAgent,
		maxRetries: cfg.MaxRetries,
		timeout:    cfg.RequestTimeout,
		logger:     cfg.Logger,
		gate:       &gate{},
	}
	if c.userAgent == "" {
		c.userAgent = "terraform-provider-esign"
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
	c.backoff = newBackoff(cfg.retryBaseDelay)
	c.gate.add(cfg.SubscriptionKey, cfg.AccessToken)
	c.gate.add(cfg.ExtraSecrets...)
	c.auth = newAuthenticator(c, cfg)
	c.subscriptions = newCoalescer[*SubscriptionSet]()
	c.entityMetadata = newCoalescer[*MetadataSet]()
	c.supportedHooks = newCoalescer[[]Hook]()
	return c, nil
}

// AddSecrets adds values the gate withholds: header values, a receiver URI's query values.
func (c *Client) AddSecrets(values ...string) { c.gate.add(values...) }

// Show passes what a peer said through the gate before a user sees it (gate.go).
func (c *Client) Show(text string) string { return c.gate.Show(text) }

// ShowURI shows a receiver URI without userinfo and query values, through the gate.
func (c *Client) ShowURI(raw string) string { return c.gate.Show(stripURI(raw)) }

// endpoint builds a route's URL; variable segments are escaped so "/" or "%" stays inside its segment.
func (c *Client) endpoint(query url.Values, parts ...segment) *url.URL {
	u := *c.base
	var plain, escaped strings.Builder
	plain.WriteString(c.base.Path)
	escaped.WriteString(c.base.EscapedPath())
	for _, p := range parts {
		plain.WriteByte('/')
		escaped.WriteByte('/')
		plain.WriteString(p.value)
		escaped.WriteString(escapeSegment(p))
	}
	u.Path = plain.String()
	u.RawPath = escaped.String()
	if query != nil {
		u.RawQuery = query.Encode()
	}
	return &u
}

type segment struct {
	value   string
	literal bool
}

// escapeSegment escapes "." and ".." too, or servers on the way would resolve them.
func escapeSegment(p segment) string {
	switch {
	case p.literal:
		return p.value
	case p.value == ".":
		return "%2E"
	case p.value == "..":
		return "%2E%2E"
	}
	return url.PathEscape(p.value)
}

func lit(s string) segment { return segment{value: s, literal: true} }
func val(s string) segment { return segment{value: s} }

// RequestTimeout bounds one attempt; the provider bounds what it sends itself with it too.
func (c *Client) RequestTimeout() time.Duration { return c.timeout }

// LoginTenantID is "" with a static access token.
func (c *Client) LoginTenantID() string {
	if c.auth.login == nil {
		return ""
	}
	return c.auth.login.TenantID
}

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
