// Package validators holds the provider's own attribute rules. Where a value is
// checked outside a schema (environment, import ID) the same function runs.
package validators
