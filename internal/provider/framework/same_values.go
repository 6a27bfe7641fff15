// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/attr"
)

// SameValues compares two models of attr.Value fields, so that Read can skip
// encoding a state that did not change.
func SameValues[M any](a, b M) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		fa, _ := va.Field(i).Interface().(attr.Value)
		fb, _ := vb.Field(i).Interface().(attr.Value)
		if fa == nil || fb == nil || !fa.Equal(fb) {
			return false
		}
	}
	return true
}
