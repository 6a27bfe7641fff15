// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

var guidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// IsGUID backs GUID outside a schema.
func IsGUID(s string) bool { return guidPattern.MatchString(s) }

// GUID accepts a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301.
func GUID() validator.String {
	return stringvalidator.RegexMatches(guidPattern, "must be a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301")
}

// eventTypePattern: whether the service supports a type is asked at plan time.
var eventTypePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// IsEventTypeName backs EventTypeName outside a schema.
func IsEventTypeName(s string) bool { return eventTypePattern.MatchString(s) }

// EventTypeName accepts a single-word event type name, in any case.
func EventTypeName() validator.String {
	return stringvalidator.RegexMatches(eventTypePattern, "must be an event type name such as SignatureRequestCompleted (letters and digits)")
}

// PathSegment: entity ids may contain "/" (the client escapes it); metadata
// keys may not, since the key is the last segment of an entry's id.
func PathSegment(slashAllowed bool) []validator.String {
	v := []validator.String{
		stringvalidator.LengthAtLeast(1),
		stringvalidator.NoneOf(".", ".."),
	}
	if !slashAllowed {
		v = append(v, stringvalidator.RegexMatches(regexp.MustCompile(`^[^/]*$`), "must not contain /"))
	}
	return v
}
