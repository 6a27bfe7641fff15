package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Resource identity (Terraform 1.12 and later) is the small object that
// names a resource's remote object: what `import { identity = {...} }`,
// list results and `terraform query` deal in. Both resources' identities
// are functions of their state, so each resource is served wrapped
// (withIdentity): the wrapper runs the resource's own method and then
// derives the identity from the state that method produced. Every return
// path of every method gets it, the refresh shortcut derives it with the
// same function, and the resources' own CRUD code stays about the service
// alone.
//
// Clients without identity (Terraform before 1.12, OpenTofu before 1.12)
// never send one and ignore the one they get back; nothing else changes
// for them.

// identityOfState derives a resource's identity value from its state value.
type identityOfState func(state tftypes.Value) (tftypes.Value, error)

// setIdentity stores the identity of state in identity. It does nothing
// after an error (the framework discards the response), for a removed
// resource (null state), or when the request carries no identity object.
func setIdentity(state tftypes.Value, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics, of identityOfState) {
	if diags.HasError() || identity == nil || state.IsNull() {
		return
	}
	v, err := of(state)
	if err != nil {
		addModelError(diags, err)
		return
	}
	identity.Raw = v
}

// readState is the state whose identity a Read reports: the new state, or
// the prior one when Read removed the resource. The framework requires an
// identity after every successful Read, even one that removes the resource
// from a state written before identity existed (no prior identity).
func readState(prior, current tftypes.Value) tftypes.Value {
	if current.IsNull() {
		return prior
	}
	return current
}

// stateIdentity is a resource's identity: string attributes, each read from
// the state's attribute of the same name. canonical respells some of them:
// the state keeps a name as configured, the identity holds it as the
// service spells it, so that it does not change with the configuration.
type stateIdentity struct {
	schema    identityschema.Schema
	typ       tftypes.Type
	canonical map[string]func(string) string
	// importID is the import ID an identity's attributes stand for, or
	// errors naming the attribute that cannot be one.
	importID func(attrs map[string]string) (string, diag.Diagnostics)
}

func newStateIdentity(schema identityschema.Schema, canonical map[string]func(string) string,
	importID func(map[string]string) (string, diag.Diagnostics)) stateIdentity {
	return stateIdentity{schema: schema, typ: schema.Type().TerraformType(context.Background()), canonical: canonical, importID: importID}
}

// value is the identity with these attribute values.
func (s stateIdentity) value(attrs map[string]string) tftypes.Value {
	values := make(map[string]tftypes.Value, len(s.schema.Attributes))
	for name := range s.schema.Attributes {
		v := attrs[name]
		if spell, ok := s.canonical[name]; ok {
			v = spell(v)
		}
		values[name] = tftypes.NewValue(tftypes.String, v)
	}
	return tftypes.NewValue(s.typ, values)
}

// ofState is the identityOfState of the resource.
func (s stateIdentity) ofState(state tftypes.Value) (tftypes.Value, error) {
	attrs, err := s.stringAttributes(state)
	if err != nil {
		return tftypes.Value{}, err
	}
	return s.value(attrs), nil
}

// stringAttributes reads the identity's attributes from v, a state or an
// identity; null reads as "".
func (s stateIdentity) stringAttributes(v tftypes.Value) (map[string]string, error) {
	o := newRawObject(v)
	attrs := make(map[string]string, len(s.schema.Attributes))
	for name := range s.schema.Attributes {
		attrs[name] = o.String(name).ValueString()
	}
	return attrs, o.Err()
}

func (s stateIdentity) afterCreate(resp *resource.CreateResponse) {
	setIdentity(resp.State.Raw, resp.Identity, &resp.Diagnostics, s.ofState)
}

func (s stateIdentity) afterRead(req resource.ReadRequest, resp *resource.ReadResponse) {
	setIdentity(readState(req.State.Raw, resp.State.Raw), resp.Identity, &resp.Diagnostics, s.ofState)
}

// afterUpdate sets the identity too: a client without identity (Terraform
// 1.11) plans none, and the framework requires one after every update.
func (s stateIdentity) afterUpdate(resp *resource.UpdateResponse) {
	setIdentity(resp.State.Raw, resp.Identity, &resp.Diagnostics, s.ofState)
}

// importState imports by ID (terraform import, import blocks with id) or by
// identity (import blocks with identity, Terraform 1.12 and later): an
// identity is turned into the import ID it stands for, so both take the
// resource's own ImportState.
func (s stateIdentity) importState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse,
	importByID func(context.Context, resource.ImportStateRequest, *resource.ImportStateResponse)) {
	if req.ID == "" && req.Identity != nil {
		attrs, err := s.stringAttributes(req.Identity.Raw)
		if err != nil {
			addModelError(&resp.Diagnostics, err)
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
	setIdentity(resp.State.Raw, resp.Identity, &resp.Diagnostics, s.ofState)
}

// identifiedResource is a resource that withIdentity can serve.
type identifiedResource interface {
	resource.ResourceWithConfigure
	resource.ResourceWithImportState
}

var (
	_ resource.ResourceWithIdentity    = withIdentity{}
	_ resource.ResourceWithImportState = withIdentity{}
	_ resource.ResourceWithModifyPlan  = withIdentity{}
)

// withIdentity is a resource served with its identity. The embedded
// resource's methods that do not touch state (Metadata, Schema, Configure,
// Delete) are promoted as they are; the optional ones the framework looks
// for beyond identifiedResource are forwarded below, and
// TestWithIdentityKeepsEveryInterface fails when a resource gains one that
// is not.
type withIdentity struct {
	identifiedResource
	identity stateIdentity
}

func (r withIdentity) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = r.identity.schema
}

func (r withIdentity) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.identifiedResource.Create(ctx, req, resp)
	r.identity.afterCreate(resp)
}

func (r withIdentity) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.identifiedResource.Read(ctx, req, resp)
	r.identity.afterRead(req, resp)
}

func (r withIdentity) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.identifiedResource.Update(ctx, req, resp)
	r.identity.afterUpdate(resp)
}

func (r withIdentity) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.identity.importState(ctx, req, resp, r.identifiedResource.ImportState)
}

// ModifyPlan is the resource's own, if it has one. The plan of a resource
// without it is left as the framework made it.
func (r withIdentity) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if m, ok := r.identifiedResource.(resource.ResourceWithModifyPlan); ok {
		m.ModifyPlan(ctx, req, resp)
	}
}
