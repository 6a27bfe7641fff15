// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// DecodeRaw fills a pointer to a model of String, Bool, Int64 and map(string)
// fields as the framework's Get would, without its cost per call (see RawObject).
func DecodeRaw(v tftypes.Value, model any) error {
	target := reflect.ValueOf(model)
	if target.Kind() != reflect.Pointer || target.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("DecodeRaw needs a pointer to a struct, got %T", model)
	}
	layout, err := layoutOf(target.Elem().Type())
	if err != nil {
		return err
	}
	o := NewRawObject(v)
	if o.Err() == nil && len(o.attrs) != len(layout) {
		return fmt.Errorf("the resource object has %d attributes, the model %s %d", len(o.attrs), target.Elem().Type(), len(layout))
	}
	for _, f := range layout {
		target.Elem().Field(f.index).Set(reflect.ValueOf(f.read(o, f.name)))
	}
	return o.Err()
}

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

type modelField struct {
	index int
	name  string
	read  func(o *RawObject, name string) attr.Value
}

var layouts sync.Map // reflect.Type → []modelField

func layoutOf(t reflect.Type) ([]modelField, error) {
	if l, ok := layouts.Load(t); ok {
		return l.([]modelField), nil
	}
	fields := make([]modelField, 0, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("tfsdk")
		read, ok := rawReaders[f.Type]
		if name == "" || !ok {
			return nil, fmt.Errorf("model %s: field %s needs a tfsdk tag and one of the types DecodeRaw reads, not %s", t, f.Name, f.Type)
		}
		fields = append(fields, modelField{index: i, name: name, read: read})
	}
	layouts.Store(t, fields)
	return fields, nil
}

var rawReaders = map[reflect.Type]func(o *RawObject, name string) attr.Value{
	reflect.TypeFor[types.String](): func(o *RawObject, name string) attr.Value { return o.String(name) },
	reflect.TypeFor[types.Bool]():   func(o *RawObject, name string) attr.Value { return o.Bool(name) },
	reflect.TypeFor[types.Int64]():  func(o *RawObject, name string) attr.Value { return o.Int64(name) },
	reflect.TypeFor[types.Map]():    func(o *RawObject, name string) attr.Value { return o.StringMap(name) },
}
