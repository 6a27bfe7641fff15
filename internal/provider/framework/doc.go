// Package framework is what every kind of thing the provider serves
// (webhooks, metadata, documents) shares on top of terraform-plugin-framework:
// the provider data Configure hands out, the bases that name, describe and
// configure a resource, data source or list resource, resource identity
// derived from state, fast decoding of state and plan values, writes that an
// interrupt does not cut off, and how client errors become diagnostics.
//
// It knows no kind: nothing here names a resource or a kind's attribute. Only
// the advice of client errors (api_errors.go) names what a user checks: the
// provider block's settings, and one route as an example of what base_url
// must be the root of.
package framework
