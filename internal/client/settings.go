package client

import "time"

// RequestTimeout bounds one attempt of a call (Config.RequestTimeout); the
// provider bounds what it sends elsewhere with it too (a webhook test event).
func (c *Client) RequestTimeout() time.Duration { return c.timeout }

// LoginTenantID is the tenant id of the login credentials, "" when the
// client has a static access token.
func (c *Client) LoginTenantID() string {
	if c.auth.login == nil {
		return ""
	}
	return c.auth.login.TenantID
}
