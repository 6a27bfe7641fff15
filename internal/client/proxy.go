// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"golang.org/x/net/http/httpproxy"
)

// newTransport reads the proxy settings per client (http.ProxyFromEnvironment reads them once per process)
// and makes a proxy's refusal an error of its own.
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	fromEnv := httpproxy.FromEnvironment().ProxyFunc()
	t.Proxy = func(req *http.Request) (*url.URL, error) { return fromEnv(req.URL) }
	t.OnProxyConnectResponse = func(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		return &proxyRefusedError{proxy: proxy.Host, status: resp.Status, code: resp.StatusCode}
	}
	return t
}

type proxyRefusedError struct {
	proxy, status string
	code          int
}

func (e *proxyRefusedError) Error() string {
	return fmt.Sprintf("the proxy at %s answered %s", e.proxy, e.status)
}

// proxyHint is "" when err is not the proxy's.
func proxyHint(err error, host string) string {
	const settings = "HTTPS_PROXY or HTTP_PROXY (NO_PROXY lists the hosts reached without one)"
	var refused *proxyRefusedError
	var opErr *net.OpError
	switch {
	case errors.As(err, &refused) && refused.code == http.StatusProxyAuthRequired:
		return fmt.Sprintf("The proxy at %s asks for credentials: check the user and password in %s.", refused.proxy, settings)
	case errors.As(err, &refused):
		return fmt.Sprintf("The proxy at %s would not connect to %s: check %s, and the proxy's rules.", refused.proxy, host, settings)
	case errors.As(err, &opErr) && opErr.Op == "proxyconnect":
		proxy := "the proxy"
		if errors.As(opErr.Err, &opErr) && opErr.Addr != nil {
			proxy += " at " + opErr.Addr.String()
		}
		return fmt.Sprintf("The connection to %s goes through %s, which could not be reached: is it running? Check %s.", host, proxy, settings)
	}
	return ""
}
