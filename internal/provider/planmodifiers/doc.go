// Package planmodifiers holds the provider's own attribute plan modifiers.
package planmodifiers
