// Package framework is what the provider's kinds (webhook, metadata, document)
// share on top of terraform-plugin-framework. It names no kind.
package framework
