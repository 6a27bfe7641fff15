// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// StateIdentity is a resource's identity (Terraform and OpenTofu 1.12+), made of
// string attributes of its state; older clients ignore it.
type StateIdentity struct {
	Schema identityschema.Schema

	typ tftypes.Type
	// canonical respells names as the service does, so the identity does not
	// change with the configuration's spelling.
	canonical map[string]func(string) string
	importID  func(attrs map[string]string) (string, error)
}

// NewStateIdentity takes importID, which turns an identity into an import ID or says what of it is invalid.
func NewStateIdentity(schema identityschema.Schema, canonical map[string]func(string) string,
	importID func(map[string]string) (string, error)) StateIdentity {
	return StateIdentity{
		Schema:    schema,
		typ:       schema.Type().TerraformType(context.Background()),
		canonical: canonical,
		importID:  importID,
	}
}

func (s StateIdentity) Value(attrs map[string]string) tftypes.Value {
	values := make(map[string]tftypes.Value, len(s.Schema.Attributes))
	for name := range s.Schema.Attributes {
		v := attrs[name]
		if spell, ok := s.canonical[name]; ok {
			v = spell(v)
		}
		values[name] = tftypes.NewValue(tftypes.String, v)
	}
	return tftypes.NewValue(s.typ, values)
}

// stringAttributes reads the identity's attributes with a state's or an identity's GetAttribute; null reads as "".
func (s StateIdentity) stringAttributes(ctx context.Context, get func(context.Context, path.Path, any) diag.Diagnostics,
	diags *diag.Diagnostics) map[string]string {
	attrs := make(map[string]string, len(s.Schema.Attributes))
	for name := range s.Schema.Attributes {
		var v types.String
		diags.Append(get(ctx, path.Root(name), &v)...)
		attrs[name] = v.ValueString()
	}
	return attrs
}

// setFromState does nothing after an error (the framework discards the response) or for a removed resource.
func (s StateIdentity) setFromState(state tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if diags.HasError() || identity == nil || state.Raw.IsNull() {
		return
	}
	attrs := s.stringAttributes(context.Background(), state.GetAttribute, diags)
	if diags.HasError() {
		return
	}
	identity.Raw = s.Value(attrs)
}

func (s StateIdentity) AfterCreate(resp *resource.CreateResponse) {
	s.setFromState(resp.State, resp.Identity, &resp.Diagnostics)
}

// AfterRead falls back to the prior state when Read removed the resource: the
// framework requires an identity after every Read, even for a pre-identity state.
func (s StateIdentity) AfterRead(req resource.ReadRequest, resp *resource.ReadResponse) {
	state := resp.State
	if state.Raw.IsNull() {
		state = req.State
	}
	s.setFromState(state, resp.Identity, &resp.Diagnostics)
}

// AfterUpdate sets the identity too: a client without identity (Terraform
// 1.11) plans none, and the framework requires one after every update.
func (s StateIdentity) AfterUpdate(resp *resource.UpdateResponse) {
	s.setFromState(resp.State, resp.Identity, &resp.Diagnostics)
}

// ImportState turns an identity into the import ID it stands for, so both kinds of import take importByID.
func (s StateIdentity) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse,
	importByID func(context.Context, resource.ImportStateRequest, *resource.ImportStateResponse)) {
	if req.ID == "" && req.Identity != nil {
		attrs := s.stringAttributes(ctx, req.Identity.GetAttribute, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
		id, err := s.importID(attrs)
		if err != nil {
			resp.Diagnostics.AddError("Invalid import identity", fmt.Sprintf("The identity's %s.", err))
			return
		}
		req.ID = id
	}
	importByID(ctx, req, resp)
	s.setFromState(resp.State, resp.Identity, &resp.Diagnostics)
}

func ImportIDError(problem, form string) error {
	return errors.New(problem + ". Expected " + form)
}

func AddImportIDError(diags *diag.Diagnostics, raw string, err error) {
	diags.AddError("Invalid import ID", fmt.Sprintf("Cannot import %q: %s.", raw, err))
}
