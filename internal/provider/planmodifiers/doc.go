// Package planmodifiers holds the provider's own attribute plan modifiers:
// how a change of an attribute is planned where "replace on any change" or
// "keep the state" is not the rule.
package planmodifiers
