// Package validators holds the provider's own attribute rules, those that
// terraform-plugin-framework-validators has no ready-made validator for or
// that more than one schema shares: each is a validator.String, and where
// the provider also checks a value outside a schema (an environment
// variable, an import ID, an identity) it calls the same function, so that
// one rule gives one answer and one message.
package validators
