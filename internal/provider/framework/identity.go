package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Resource identity (Terraform and OpenTofu 1.12 and later) is the small
// object that names a resource's remote object: what
// `import { identity = {...} }`, list results and `terraform query` deal in.
// The identities of this provider's resources are functions of their state:
// string attributes, each the state's attribute of the same name, some of
// them respelled canonically. A resource declares its StateIdentity and
// calls it from its own methods:
//
//	func (r *thing) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
//		resp.IdentitySchema = thingIdentity.Schema
//	}
//	func (r *thing) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
//		defer thingIdentity.AfterCreate(resp)
//		...
//	}
//
// (AfterRead and AfterUpdate alike, and ImportState through
// StateIdentity.ImportState), so every return path sets it.
//
// Clients without identity (Terraform before 1.12, OpenTofu before 1.12)
// never send one and ignore the one they get back; nothing else changes for
// them.

// StateIdentity is a resource's identity.
type StateIdentity struct {
	Schema identityschema.Schema

	typ tftypes.Type
	// canonical respells some attributes: the state keeps a name as
	// configured, the identity holds it as the service spells it, so that it
	// does not change with the configuration.
	canonical map[string]func(string) string
	// importID is the import ID an identity's attributes stand for, or
	// errors naming the attribute that cannot be one.
	importID func(attrs map[string]string) (string, diag.Diagnostics)
}

// NewStateIdentity is the identity of schema's attributes. canonical
// respells the attributes it names; importID turns an identity into the
// resource's import ID.
func NewStateIdentity(schema identityschema.Schema, canonical map[string]func(string) string,
	importID func(map[string]string) (string, diag.Diagnostics)) StateIdentity {
	return StateIdentity{Schema: schema, typ: schema.Type().TerraformType(context.Background()), canonical: canonical, importID: importID}
}

// Value is the identity with these attribute values.
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

// OfState is the identity of a state value.
func (s StateIdentity) OfState(state tftypes.Value) (tftypes.Value, error) {
	attrs, err := s.stringAttributes(state)
	if err != nil {
		return tftypes.Value{}, err
	}
	return s.Value(attrs), nil
}

// stringAttributes reads the identity's attributes from v, a state or an
// identity; null reads as "".
func (s StateIdentity) stringAttributes(v tftypes.Value) (map[string]string, error) {
	o := NewRawObject(v)
	attrs := make(map[string]string, len(s.Schema.Attributes))
	for name := range s.Schema.Attributes {
		attrs[name] = o.String(name).ValueString()
	}
	return attrs, o.Err()
}

// set stores the identity of state in identity. It does nothing after an
// error (the framework discards the response), for a removed resource (null
// state), or when the request carries no identity object.
func (s StateIdentity) set(state tftypes.Value, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if diags.HasError() || identity == nil || state.IsNull() {
		return
	}
	v, err := s.OfState(state)
	if err != nil {
		AddModelError(diags, err)
		return
	}
	identity.Raw = v
}

// AfterCreate sets the identity of the created state.
func (s StateIdentity) AfterCreate(resp *resource.CreateResponse) {
	s.set(resp.State.Raw, resp.Identity, &resp.Diagnostics)
}

// AfterRead sets the identity of the state Read returns, or of the prior
// state when Read removed the resource: the framework requires an identity
// after every successful Read, even one that removes the resource from a
// state written before identity existed (no prior identity).
func (s StateIdentity) AfterRead(req resource.ReadRequest, resp *resource.ReadResponse) {
	state := resp.State.Raw
	if state.IsNull() {
		state = req.State.Raw
	}
	s.set(state, resp.Identity, &resp.Diagnostics)
}

// AfterUpdate sets the identity too: a client without identity (Terraform
// 1.11) plans none, and the framework requires one after every update.
func (s StateIdentity) AfterUpdate(resp *resource.UpdateResponse) {
	s.set(resp.State.Raw, resp.Identity, &resp.Diagnostics)
}

// ImportState imports by ID (terraform import, import blocks with id) or by
// identity (import blocks with identity): an identity is turned into the
// import ID it stands for, so both take the resource's importByID.
func (s StateIdentity) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse,
	importByID func(context.Context, resource.ImportStateRequest, *resource.ImportStateResponse)) {
	if req.ID == "" && req.Identity != nil {
		attrs, err := s.stringAttributes(req.Identity.Raw)
		if err != nil {
			AddModelError(&resp.Diagnostics, err)
			return
		}
		id, diags := s.importID(attrs)
		resp.Diagnostics.Append(diags...)
		if resp.Diagnostics.HasError() {
			return
		}
		req.ID = id
	}
	importByID(ctx, req, resp)
	s.set(resp.State.Raw, resp.Identity, &resp.Diagnostics)
}
