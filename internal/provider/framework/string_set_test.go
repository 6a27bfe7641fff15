// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

const setSize = 200

func stringSet(elems ...string) tftypes.Value {
	values := make([]tftypes.Value, len(elems))
	for i, e := range elems {
		values[i] = tftypes.NewValue(tftypes.String, e)
	}
	return tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, values)
}

func manyIDs() tftypes.Value {
	ids := make([]string, setSize)
	for i := range ids {
		ids[i] = fmt.Sprintf("id-%04d", i)
	}
	return stringSet(ids...)
}

func TestFrameworkSetValidateStillComparesEveryPair(t *testing.T) {
	ctx, in, at := context.Background(), manyIDs(), path.Root("ids")
	framework := testing.AllocsPerRun(3, func() { basetypes.SetType{ElemType: types.StringType}.Validate(ctx, in, at) })
	ours := testing.AllocsPerRun(3, func() { StringSetOf.Validate(ctx, in, at) })
	t.Logf("allocations to validate %d strings: SetType %.0f, StringSetType %.0f", setSize, framework, ours)
	if framework < setSize*setSize/2 {
		t.Errorf("terraform-plugin-framework no longer compares every pair in SetType.Validate (v1.19.0: types/basetypes/set_type.go); StringSetType.Validate can go")
	}
	if ours > 10*setSize {
		t.Errorf("StringSetType.Validate allocates %.0f for %d strings: no longer linear", ours, setSize)
	}
	diags := StringSetOf.Validate(ctx, stringSet("a", "b", "a"), at)
	if !diags.HasError() || !strings.Contains(diags[0].Detail(), `"a"`) {
		t.Errorf("a duplicate gives %v, want an error naming it", diags)
	}
}

// After each Read the framework compares every element of a set with every prior one (framework#1314).
// walkedSet validates as StringSet does but, like types.Set, has no semantic equality.
func TestFrameworkReadStillWalksEverySetPair(t *testing.T) {
	framework := readAllocs(t, walkedSetType{StringSetOf})
	ours := readAllocs(t, StringSetOf)
	t.Logf("allocations of a ReadResource with %d strings in a set: without semantic equality %.0f, StringSet %.0f", setSize, framework, ours)
	if framework-ours < setSize*setSize {
		t.Errorf("terraform-plugin-framework no longer walks every pair of set elements after Read " +
			"(v1.19.0: internal/fwschemadata, ValueSemanticEqualitySetElements), or StringSet no longer spares the walk")
	}
}

func readAllocs(t *testing.T, setType basetypes.SetTypable) float64 {
	ctx := context.Background()
	server := providerserver.NewProtocol6(&setProvider{setType})()
	ids := manyIDs()
	object := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"ids": ids.Type()}}
	state, err := tfprotov6.NewDynamicValue(object, tftypes.NewValue(object, map[string]tftypes.Value{"ids": ids}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	return testing.AllocsPerRun(3, func() {
		resp, err := server.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "test_set", CurrentState: &state})
		if err != nil || len(resp.Diagnostics) > 0 {
			t.Fatal(err, resp.Diagnostics)
		}
	})
}

// setProvider has one resource, test_set, whose Read keeps the state.
type setProvider struct{ setType basetypes.SetTypable }

func (p *setProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "test"
}
func (p *setProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (p *setProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (p *setProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (p *setProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &setResource{p.setType} }}
}

type setResource struct{ setType basetypes.SetTypable }

func (r *setResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "test_set"
}
func (r *setResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"ids": schema.SetAttribute{Required: true, CustomType: r.setType}}}
}
func (r *setResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *setResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *setResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *setResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type walkedSetType struct{ StringSetType }

type walkedSet struct{ basetypes.SetValue }

func (walkedSetType) Equal(o attr.Type) bool               { _, ok := o.(walkedSetType); return ok }
func (walkedSetType) ValueType(context.Context) attr.Value { return walkedSet{} }
func (t walkedSetType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	v, err := t.SetType.ValueFromTerraform(ctx, in)
	return walkedSet{v.(basetypes.SetValue)}, err
}
func (walkedSet) Type(context.Context) attr.Type { return walkedSetType{StringSetOf} }
func (v walkedSet) Equal(o attr.Value) bool {
	other, ok := o.(walkedSet)
	return ok && v.SetValue.Equal(other.SetValue)
}
