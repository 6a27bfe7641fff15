// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package client talks to the electronic-signature service over HTTP and knows
// nothing about Terraform. Secrets never appear in an error or a log event.
package client

import (
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/http/httpproxy"
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

	httpClient     *http.Client  // copied, to follow no redirect; nil: a client of its own (tests)
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
	http *NoRedirectClient
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
		cfg.Login = new(*cfg.Login) // a copy, whatever the caller does with its own
	}
	cfg.MaxRetries = max(cmp.Or(cfg.MaxRetries, DefaultMaxRetries), 0)
	cfg.RequestTimeout = cmp.Or(max(cfg.RequestTimeout, 0), DefaultRequestTimeout)
	cfg.UserAgent = cmp.Or(cfg.UserAgent, "terraform-provider-esign")
	cfg.retryBaseDelay = cmp.Or(cfg.retryBaseDelay, defaultRetryBaseDelay)
	base, _ := url.Parse(cfg.BaseURL)
	base.Path = strings.TrimSuffix(base.Path, "/")
	base.RawPath = strings.TrimSuffix(base.RawPath, "/")
	if isLoopbackHost(base.Hostname()) && net.ParseIP(base.Hostname()) == nil {
		// Go's proxy bypass knows only "localhost": any other spelling would go, credentials and all, to HTTP_PROXY.
		base.Host = strings.TrimSuffix("localhost:"+base.Port(), ":")
	}
	host := base.Host
	if base.Port() == "" {
		host = net.JoinHostPort(base.Hostname(), defaultPort(base.Scheme))
	}
	c := &Client{
		cfg:            cfg,
		base:           base,
		host:           host,
		http:           noRedirectsOf(cfg.httpClient),
		gate:           &gate{},
		accessToken:    cfg.AccessToken,
		subscriptions:  newCoalescer[*SubscriptionSet](),
		entityMetadata: newCoalescer[*MetadataSet](),
		supportedHooks: newCoalescer[[]Hook](),
	}
	c.gate.add(cfg.SubscriptionKey, cfg.AccessToken)
	if cfg.Login != nil {
		c.gate.add(cfg.Login.Password)
	}
	return c, nil
}

// defaultPort is the port of a URL that names none.
func defaultPort(scheme string) string {
	switch scheme {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}

// CheckBaseURL says what is wrong with raw as base_url, in words that read after the setting's name
// ("base_url must start with ...").
func CheckBaseURL(raw string) error { return CheckBaseURLWith(raw, false) }

// CheckBaseURLWith accepts http:// for any host when allowInsecureHTTP.
func CheckBaseURLWith(raw string, allowInsecureHTTP bool) error {
	if raw == "" {
		return errors.New("is empty")
	}
	u, err := url.Parse(raw)
	// The parser's error is not quoted: it repeats the whole URL, password and query included.
	switch {
	case !strings.Contains(raw, "://"):
		return fmt.Errorf("must start with https:// (or http:// for a loopback host such as the emulator), got %q", redactURI(raw))
	case err != nil:
		return fmt.Errorf("is not a valid URL: %q (it must look like https://api.example.com or https://api.example.com/prefix)", redactURI(raw))
	case u.User != nil:
		return errors.New("must not contain user information; credentials have settings of their own")
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("must start with https:// (or http:// for a loopback host such as the emulator), got %q", redactURI(raw))
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("has no host: %q", redactURI(raw))
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return fmt.Errorf("must not have a query or fragment: %q", redactURI(raw))
	case u.Scheme == "http" && !allowInsecureHTTP && !isLoopbackHost(u.Hostname()):
		return fmt.Errorf("must start with https:// for the host %q, got %q: plain http:// is accepted only for a loopback host (127.0.0.1, ::1, localhost), since the subscription key and the token would cross the network in clear text (a test gateway without TLS needs the explicit opt-in that allows insecure http)", u.Hostname(), redactURI(raw))
	}
	return nil
}

func isLoopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") || (ip != nil && ip.IsLoopback())
}

// routeHooksList confirms a base URL (DESIGN.md, "Errors: where, what next, once"). Neither function below
// wraps the 404 it quotes: the caller would take it for "gone".
const routeHooksList = "GET /hooks/v1"

// notFoundOnFixedRoute turns the 404 of a route that exists at every correct base URL into ErrWrongBaseURL,
// and its 410 into an error that is not "gone" either: such a route is never gone.
func (c *Client) notFoundOnFixedRoute(err error) error {
	if answered(err, http.StatusGone) {
		return &redactedError{
			text: fmt.Sprintf("%v. The service answers this route at any correct base URL, so a 410 Gone there says nothing the client can use: check base_url, and whether the service is in maintenance", err),
		}
	}
	if IsNotFound(err) {
		return &redactedError{
			text: fmt.Sprintf("%v. The service answers this route at any correct base URL, so the base URL %q does not point at its API.", err, c.base),
			errs: []error{ErrWrongBaseURL},
		}
	}
	return err
}

// confirmNotFound answers err, unless it is a 404 at a base URL that GET /hooks/v1 has not confirmed: there
// it may mean a wrong path prefix rather than gone or empty. A wrong prefix never answers 410.
func (c *Client) confirmNotFound(ctx context.Context, err error) error {
	if !answered(err, http.StatusNotFound) || c.baseURLConfirmed.Load() {
		return err
	}
	_, hooksErr := c.SupportedHooks(ctx)
	switch {
	case hooksErr == nil:
		return err
	case errors.Is(hooksErr, ErrWrongBaseURL):
		return &redactedError{
			text: fmt.Sprintf("%v, and %s, which the service answers at any correct base URL, answered 404 too: the base URL %q does not point at its API.", err, routeHooksList, c.base),
			errs: []error{ErrWrongBaseURL},
		}
	}
	return fmt.Errorf("%s; a 404 means that it does not exist only if the base URL is right, and %s, which tells, failed: %w",
		err.Error(), routeHooksList, hooksErr)
}

// AddSecrets adds values the gate withholds: header values, a receiver URI's query values.
func (c *Client) AddSecrets(values ...string) { c.gate.add(values...) }

// Redact passes what a peer said through the gate before a user sees it (gate.go).
func (c *Client) Redact(text string) string { return c.gate.redact(text) }

// RedactURI shows a receiver URI by the rule of redactURI, through the gate.
func (c *Client) RedactURI(raw string) string { return c.gate.redact(redactURI(raw)) }

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

// HasLogin tells whether the client logs in itself (a login block) rather than sending a static access token.
func (c *Client) HasLogin() bool {
	return c.cfg.Login != nil
}

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
	return c.accessToken, cmp.Or(err, c.loginRejected) // no token while the login is rejected
}

// Login returns a token; callers check HasLogin first. The client logs in by itself when it needs one.
func (c *Client) Login(ctx context.Context) (string, error) {
	creds := c.cfg.Login
	var out struct {
		Token string `json:"token"`
	}
	body := map[string]string{
		"login":    creds.Username,
		"password": creds.Password,
		"tenantid": creds.TenantID,
	}
	err := c.doJSON(ctx, call{
		method:     http.MethodPost,
		route:      "POST /identity/login",
		url:        c.endpoint(nil, "identity", "login"),
		body:       body,
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

// The texts of ErrOutcomeUnknown, ErrMalformedAnswer, ErrPartialList and errAnswerTooLarge are part of the sentences that wrap them.
var (
	// errGone: the object does not exist. A 404 says so, and so does a 410 Gone, which is how some services
	// answer a delete, or a read, of what was deleted.
	errGone         = errors.New("not found or gone")
	ErrUnauthorized = errors.New("unauthorized")           // 401 or 403
	ErrRateLimited  = errors.New("rate limited")           // 429 after every retry
	ErrWaitTooLong  = errors.New("asked to wait too long") // a Retry-After longer than the provider sits out
	// ErrOutcomeUnknown: a write was sent and its answer lost; look before sending it again.
	ErrOutcomeUnknown  = errors.New("the request was sent but its outcome is unknown")
	ErrMalformedAnswer = errors.New("the service's answer is malformed") // never "gone" or "empty"
	// ErrPartialList: a list said that it is partial (a total above its items, a token, a next link elsewhere).
	ErrPartialList    = errors.New("the service answered part of the list only")
	errAnswerTooLarge = fmt.Errorf("the service's answer is larger than %d MiB, the most the client reads of one answer", maxAnswerBytes>>20)
	ErrLoginRejected  = errors.New("login failed") // 401 or 403 to the login: every later call fails with it
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
	case errGone:
		return e.StatusCode == http.StatusNotFound || e.StatusCode == http.StatusGone
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests && e.WaitAsked == 0
	case ErrWaitTooLong:
		return e.WaitAsked > 0
	}
	return false
}

// IsNotFound: the service answered 404 or 410 Gone (errGone).
func IsNotFound(err error) bool { return errors.Is(err, errGone) }

// answered tells whether err is the service's answer with that status.
func answered(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// redactedError's text passed the gate; what it wraps is for errors.Is and errors.As, never to print.
type redactedError struct {
	text string
	errs []error
}

func (e *redactedError) Error() string { return e.text }

func (e *redactedError) Unwrap() []error { return e.errs }

// malformed shows problem, which may quote the answer, through the gate.
func (c *Client) malformed(cl call, problem string) error {
	return fmt.Errorf("%s at %s: %w: %s", cl.route, c.host, ErrMalformedAnswer, c.gate.redact(problem))
}

// NoRedirectClient sends each request to its URL only: it follows no redirect, so that what a request carries
// goes to that origin alone (DESIGN.md, "Credentials go to the configured origin only"). It adds no header.
type NoRedirectClient struct {
	httpClient *http.Client
}

// NewNoRedirectClient bounds each request by timeout, up to its answer's last byte; 0 bounds nothing. It trusts
// the system's roots (SSL_CERT_FILE included) and, besides them, extraRoots.
func NewNoRedirectClient(timeout time.Duration, extraRoots ...*x509.Certificate) *NoRedirectClient {
	transport := proxyTransport()
	if len(extraRoots) > 0 {
		roots, err := x509.SystemCertPool() // a copy: adding to it changes no other pool
		if err != nil {
			roots = x509.NewCertPool()
		}
		for _, cert := range extraRoots {
			roots.AddCert(cert)
		}
		transport.TLSClientConfig = &tls.Config{
			MinVersion: tls.VersionTLS12,
			RootCAs:    roots,
		}
	}
	return noRedirectsOf(&http.Client{
		Transport: transport,
		Timeout:   timeout,
	})
}

// noRedirectsOf copies hc (a test's), or makes a client with a transport of its own, that follows no redirect.
func noRedirectsOf(hc *http.Client) *NoRedirectClient {
	var out http.Client
	if hc != nil {
		out = *hc
	} else {
		out.Transport = proxyTransport()
	}
	out.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &NoRedirectClient{httpClient: &out}
}

// proxyTransport reads the proxy settings per client (http.ProxyFromEnvironment reads them once per process)
// and makes a proxy's refusal an error of its own.
func proxyTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	fromEnv := httpproxy.FromEnvironment().ProxyFunc()
	t.Proxy = func(req *http.Request) (*url.URL, error) {
		return fromEnv(req.URL)
	}
	t.OnProxyConnectResponse = func(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		return &proxyRefusedError{
			proxy: proxy.Host,
			code:  resp.StatusCode,
		}
	}
	return t
}

// Do sends req and answers a redirect as it came. Its error is the cause alone: the *url.Error around it
// repeats the whole URL, query values included.
func (c *NoRedirectClient) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.httpClient.Do(req)
	if err == nil {
		return resp, nil
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	return nil, err
}

// RedirectError is a 3xx answer, which the client never follows.
type RedirectError struct {
	Route      string // path template, e.g. "GET /hooks/v1"
	Host       string // host:port of the base URL
	StatusCode int
	Location   string // without userinfo, query values or fragment, shown through the gate
	text       string
}

func (e *RedirectError) Error() string { return e.text }

// redirectError says what the redirect is, and which base URL it suggests (never a plain http one), and
// closes the answer. A 303 See Other to a create says it was carried out, so its outcome is unknown.
func (c *Client) redirectError(cl call, resp *http.Response) error {
	_ = resp.Body.Close()
	e := &RedirectError{
		Route:      cl.route,
		Host:       c.host,
		StatusCode: resp.StatusCode,
	}
	why := "a redirect without a usable Location"
	fix := ""
	if loc, err := resp.Location(); err != nil {
		e.Location = c.RedactURI(resp.Header.Get("Location"))
	} else {
		e.Location = c.RedactURI(loc.String())
		switch {
		case cl.url.Scheme == "https" && loc.Scheme == "http":
			why = "a redirect from https:// to http://, which would send the credentials in clear text"
		case loc.Scheme != cl.url.Scheme || loc.Host != cl.url.Host:
			why = "a redirect to another origin (scheme, host or port)"
		default:
			why = "a redirect within the same origin, which the API never answers at a right base URL"
		}
		// A Location that ends with the path below the base URL implies a base URL.
		below := strings.TrimPrefix(cl.url.EscapedPath(), c.base.EscapedPath())
		if loc.Scheme == "https" && below != "" && strings.HasSuffix(loc.EscapedPath(), below) {
			fix = fmt.Sprintf(" (to %s, if that is the service)", c.RedactURI(loc.Scheme+"://"+loc.Host+strings.TrimSuffix(loc.EscapedPath(), below)))
		}
	}
	e.text = fmt.Sprintf("%s at %s: service answered %s with Location %s: %s. "+
		"The client never follows a redirect, so that the credentials go only to the base URL's origin: fix base_url%s",
		cl.route, e.Host, StatusText(resp.StatusCode), e.Location, why, fix)
	if !cl.idempotent && resp.StatusCode == http.StatusSeeOther {
		return fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, e)
	}
	return e
}
