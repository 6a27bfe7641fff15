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
	"net"
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
	cfg  Config // as New completed it; MaxRetries is never negative
	base *url.URL
	host string // host:port of base, for errors
	http *http.Client
	gate *gate

	tokenMu       sync.Mutex
	accessToken   string // static, or from the login: renewed once when a call answers 401
	loginRejected error  // never tried again: repeated wrong passwords may lock the account

	createLocks      sync.Map // a chan struct{} of capacity 1 per MatchKey: one create at a time
	baselineMu       sync.Mutex
	baseline         *SubscriptionSet // SubscriptionBaseline's, nil until taken
	baseURLConfirmed atomic.Bool      // GET /hooks/v1 answered here, so a 404 means what it says
	unreachableUntil atomic.Int64     // Unix ns; until then a call makes one attempt

	subscriptions  *coalescer[*SubscriptionSet]
	entityMetadata *coalescer[*MetadataSet]
	supportedHooks *coalescer[[]Hook]
}

// New validates cfg and returns a Client. It makes no request.
func New(cfg Config) (*Client, error) {
	if err := CheckBaseURLWith(cfg.BaseURL, cfg.AllowInsecureHTTP); err != nil {
		return nil, fmt.Errorf("the base URL %w", err)
	}
	switch {
	case cfg.SubscriptionKey == "":
		return nil, errors.New("a subscription key is required")
	case (cfg.AccessToken == "") == (cfg.Login == nil):
		return nil, errors.New("exactly one of an access token or login credentials is required")
	case cfg.Login != nil && (cfg.Login.Username == "" || cfg.Login.Password == "" || cfg.Login.TenantID == ""):
		return nil, errors.New("login needs a username, a password and a tenant id")
	case cfg.Login != nil:
		login := *cfg.Login
		cfg.Login = &login
	}
	cfg.MaxRetries = max(cmp.Or(cfg.MaxRetries, DefaultMaxRetries), 0)
	cfg.RequestTimeout = cmp.Or(max(cfg.RequestTimeout, 0), DefaultRequestTimeout)
	cfg.UserAgent = cmp.Or(cfg.UserAgent, "terraform-provider-esign")
	cfg.retryBaseDelay = cmp.Or(cfg.retryBaseDelay, defaultRetryBaseDelay)
	base, _ := url.Parse(cfg.BaseURL)
	base.Path, base.RawPath = strings.TrimSuffix(base.Path, "/"), strings.TrimSuffix(base.RawPath, "/")
	if isLoopbackHost(base.Hostname()) && net.ParseIP(base.Hostname()) == nil {
		// Go's proxy bypass knows only "localhost": any other spelling would go, credentials and all, to HTTP_PROXY.
		base.Host = strings.TrimSuffix("localhost:"+base.Port(), ":")
	}
	host := base.Host
	if base.Port() == "" {
		host = net.JoinHostPort(base.Hostname(), map[string]string{"http": "80", "https": "443"}[base.Scheme])
	}
	c := &Client{cfg: cfg, base: base, host: host, http: withRefusedRedirects(cfg.httpClient), gate: &gate{},
		accessToken: cfg.AccessToken, subscriptions: newCoalescer[*SubscriptionSet](),
		entityMetadata: newCoalescer[*MetadataSet](), supportedHooks: newCoalescer[[]Hook]()}
	c.gate.add(cfg.SubscriptionKey, cfg.AccessToken)
	if cfg.Login != nil {
		c.gate.add(cfg.Login.Password)
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
	u.RawQuery = query.Encode() // "" for nil; a base URL has no query
	return &u
}

// RequestTimeout bounds one attempt; the provider bounds what it sends itself with it too.
func (c *Client) RequestTimeout() time.Duration { return c.cfg.RequestTimeout }

// LoginTenantID is "" with a static access token.
func (c *Client) LoginTenantID() string {
	if c.cfg.Login == nil {
		return ""
	}
	return c.cfg.Login.TenantID
}

// token logs in when there is no token, or it is stale (refused with 401) and no other caller replaced it
// yet; concurrent callers wait for one login.
func (c *Client) token(ctx context.Context, stale string) (_ string, err error) {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	if stale != "" && c.accessToken == stale {
		c.accessToken = ""
	}
	if c.accessToken == "" && c.cfg.Login != nil && c.loginRejected == nil {
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

// Login returns a token; callers check LoginTenantID first. The client logs in by itself when it needs one.
func (c *Client) Login(ctx context.Context) (string, error) {
	creds := c.cfg.Login
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
	switch {
	case errors.Is(err, ErrUnauthorized):
		return "", fmt.Errorf("%w: the service at %s refused the username, password, tenant id or subscription key: %w",
			ErrLoginRejected, c.host, err)
	case err != nil:
		return "", fmt.Errorf("login failed: %w", err)
	case out.Token == "":
		return "", errors.New("login failed: the service answered without a token")
	}
	c.gate.add(out.Token)
	return out.Token, nil
}

// The texts of ErrOutcomeUnknown, ErrMalformedAnswer and errAnswerTooLarge are part of the sentences that wrap them.
var (
	errNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized")           // 401 or 403
	ErrRateLimited  = errors.New("rate limited")           // 429 after every retry
	ErrWaitTooLong  = errors.New("asked to wait too long") // a Retry-After longer than the provider sits out
	// ErrOutcomeUnknown: a write was sent and its answer lost; look before sending it again.
	ErrOutcomeUnknown  = errors.New("the request was sent but its outcome is unknown")
	ErrMalformedAnswer = errors.New("the service's answer is malformed") // never "gone" or "empty"
	errAnswerTooLarge  = fmt.Errorf("the service's answer is larger than %d MiB, the most the client reads of one answer", maxAnswerBytes>>20)
	ErrLoginRejected   = errors.New("login failed") // 401 or 403 to the login: every later call fails with it
	// ErrWrongBaseURL: a route that exists at any correct base URL answered 404. IsNotFound never matches it.
	ErrWrongBaseURL = errors.New("the base URL does not point at the service's API")
	ErrInterrupted  = errors.New("interrupted, so no further request was sent")
)

// APIError is a non-2xx answer; BodyExcerpt passed the gate.
type APIError struct {
	Method      string
	Route       string // path template, e.g. "GET /hooks/v1/subscription/{id}"
	Host        string // host:port of the base URL
	StatusCode  int
	BodyExcerpt string
	Login       bool          // the token came from the login, not a static access token
	Hint        string        // what the answer means when the status alone does not
	WaitAsked   time.Duration // a Retry-After too long to wait out
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("%s at %s: service answered %s", e.Route, e.Host, StatusText(e.StatusCode))
	if e.BodyExcerpt != "" {
		msg += ": " + e.BodyExcerpt
	}
	if e.Hint != "" {
		msg += ". " + e.Hint
	}
	return msg
}

func (e *APIError) Is(target error) bool {
	switch target {
	case errNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests && e.WaitAsked == 0
	case ErrWaitTooLong:
		return e.WaitAsked > 0
	}
	return false
}

func IsNotFound(err error) bool { return errors.Is(err, errNotFound) }

// shownError's text passed the gate; what it wraps is for errors.Is and errors.As, never to print.
type shownError struct {
	text string
	errs []error
}

func (e *shownError) Error() string { return e.text }

func (e *shownError) Unwrap() []error { return e.errs }

// malformed shows problem, which may quote the answer, through the gate.
func (c *Client) malformed(cl call, problem string) error {
	return fmt.Errorf("%s at %s: %w: %s", cl.route, c.host, ErrMalformedAnswer, c.gate.Show(problem))
}
