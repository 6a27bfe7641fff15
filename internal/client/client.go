// Package client talks to the electronic-signature service over HTTP. It knows
// nothing about Terraform: the provider wraps it, the emulator tests it.
//
// Every call takes a context, escapes its path segments, sends both
// authentication headers and a User-Agent, retries what is safe to retry and
// returns typed errors (see errors.go). Secrets never appear in an error or
// in what is passed to the Logger.
package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults used when a Config field is zero.
const (
	DefaultMaxRetries     = 4
	DefaultRequestTimeout = 30 * time.Second
)

// Config holds everything a Client needs. BaseURL and SubscriptionKey are
// required, and exactly one of AccessToken or Login.
type Config struct {
	BaseURL         string
	SubscriptionKey string
	AccessToken     string
	Login           *LoginCredentials

	// MaxRetries bounds the retries of one call (not counting the first
	// attempt). A negative value disables retries; zero means the default.
	MaxRetries int
	// RequestTimeout bounds one attempt, from sending the request to
	// reading the last byte of the answer (a download's too).
	RequestTimeout time.Duration
	// UserAgent names the caller, e.g. "terraform-provider-esign/1.2.3".
	UserAgent string
	// HTTPClient is used for all requests (a copy that follows no
	// redirect, see redirects.go); nil means a dedicated client.
	HTTPClient *http.Client
	// Logger receives one event per attempt; nil means silence.
	Logger Logger
	// DisableReadCoalescing makes every cached read go to the service. It is
	// a debugging switch (and the naive peer of the benchmark).
	DisableReadCoalescing bool
	// ExtraSecrets are redacted from errors and logs in addition to the
	// credentials, e.g. webhook header values known to the caller.
	ExtraSecrets []string
	// AllowInsecureHTTP accepts an http:// BaseURL for any host. Without
	// it, plain http is accepted for a loopback host only (CheckBaseURL):
	// the subscription key, the token and a login password would cross the
	// network in clear text. It is the explicit opt-in for a test gateway
	// without TLS; never set it for the service itself.
	AllowInsecureHTTP bool

	// retryBaseDelay is the first backoff step; tests shorten it.
	retryBaseDelay time.Duration
}

// LoginCredentials are used with POST /identity/login to obtain a token.
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
	secrets    *redactor
	auth       *authenticator

	// ownership tracks the subscriptions this client created or was told about,
	// so an ambiguous create adopts only its own (subscriptions_create.go).
	ownership subscriptionOwnership

	// baseURLConfirmed: GET /hooks/v1 answered at this base URL, so a 404
	// means what it says (base_url_check.go).
	baseURLConfirmed atomic.Bool

	// unreachable: the service could not be reached moments ago, so new
	// calls do not retry (unreachable.go).
	unreachable unreachableHost

	subscriptions   *coalescer[*SubscriptionSet]
	entityMetadata  *coalescer[*MetadataSet]
	supportedHooks  *coalescer[[]Hook]
	coalesceEnabled bool
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
		http:            withRefusedRedirects(cfg.HTTPClient),
		userAgent:       cfg.UserAgent,
		maxRetries:      cfg.MaxRetries,
		timeout:         cfg.RequestTimeout,
		logger:          cfg.Logger,
		secrets:         &redactor{},
		coalesceEnabled: !cfg.DisableReadCoalescing,
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
	c.secrets.add(cfg.SubscriptionKey, cfg.AccessToken)
	c.secrets.add(cfg.ExtraSecrets...)
	c.auth = newAuthenticator(c, cfg)
	c.subscriptions = newCoalescer[*SubscriptionSet]()
	c.entityMetadata = newCoalescer[*MetadataSet]()
	c.supportedHooks = newCoalescer[[]Hook]()
	return c, nil
}

// AddSecrets registers more values to redact (e.g. webhook header values).
func (c *Client) AddSecrets(values ...string) { c.secrets.add(values...) }

// Redact replaces every known secret in text.
func (c *Client) Redact(text string) string { return c.secrets.redact(text) }

// parseBaseURL is the base URL every route is appended to, without a
// trailing slash.
func parseBaseURL(raw string, allowInsecureHTTP bool) (*url.URL, error) {
	if err := CheckBaseURLWith(raw, allowInsecureHTTP); err != nil {
		return nil, fmt.Errorf("the base URL %w", err)
	}
	u, _ := url.Parse(raw) // CheckBaseURL parsed it
	if isLoopbackHost(u.Hostname()) && net.ParseIP(u.Hostname()) == nil {
		// "LOCALHOST" or "localhost." as every resolver and proxy bypass
		// knows it: Go's sends any other spelling, credentials and all, to
		// HTTP_PROXY.
		u.Host = strings.TrimSuffix("localhost:"+u.Port(), ":")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = strings.TrimSuffix(u.RawPath, "/")
	return u, nil
}

// endpoint builds the URL of a route: fixed parts are written as they are,
// variable segments are path-escaped so that "/" or "%" in an id or a key
// stays inside its segment.
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

// segment is one path segment: literal route text or an escaped value.
type segment struct {
	value   string
	literal bool
}

// escapeSegment path-escapes a value. "." and ".." are escaped too, or every
// server on the way would resolve them as steps up the path.
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
