package provider

// Checks that tests of every kind share.

import (
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
)

// wrappedRegexp matches a diagnostic that Terraform may have wrapped: every
// space in pattern matches any run of white space, and . matches newlines.
func wrappedRegexp(pattern string) *regexp.Regexp {
	return regexp.MustCompile("(?s)" + strings.ReplaceAll(pattern, " ", `\s+`))
}

// exactStrings checks an object whose attributes are these strings, and
// no other.
func exactStrings(attrs map[string]string) knownvalue.Check {
	checks := make(map[string]knownvalue.Check, len(attrs))
	for name, v := range attrs {
		checks[name] = knownvalue.StringExact(v)
	}
	return knownvalue.ObjectExact(checks)
}
