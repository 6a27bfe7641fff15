package server

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Most resources of a plan have not changed on the service since the last
// one. For each of them the framework's ReadResource converts the state into
// framework values, runs Read, walks the schema for semantic equality and
// write-only attributes and encodes the state again, only to hand back what
// Terraform sent. The refresh shortcut answers that case itself: it decodes
// the state, asks the resource whether the lists the client has already read
// (one per refresh, see internal/client's coalescer) say that its Read would
// keep the state as it is (unchangedRefresher, which each resource answers
// with its own Read code), and if so returns the state as it came, with the
// identity Read would report. DESIGN.md says what it is worth and when it
// can go.
//
// Every other case goes to the framework and Read: a resource without
// UnchangedRefresh, the first read of each list (the shortcut never sends a
// request, so an error is reported once, by Read), a change, a removal,
// private state, coalescing switched off, the shortcut switched off.
// TestRefreshShortcutAnswersLikeRead holds the two paths to the same answers.

// envDisableRefreshShortcut is a measurement switch: with it true, every
// ReadResource goes to the framework, so that `make bench` can time a
// refreshing plan with the shortcut and without it (the figure that decides
// whether the shortcut stays, see DESIGN.md). It is read once, when New
// makes the server; a value strconv.ParseBool does not read makes every
// refresh fail with an error naming it, rather than measure the shortcut
// as if it were off.
const envDisableRefreshShortcut = "ESIGN_DISABLE_REFRESH_SHORTCUT"

// unchangedRefresher is a resource whose Read can tell, from its prior state
// and what the client has already read, without a request, that it would
// keep the state as it is, and which identity it would then report.
type unchangedRefresher interface {
	UnchangedRefresh(ctx context.Context, prior tftypes.Value) (identity tftypes.Value, unchanged bool)
}

type refreshShortcut struct {
	provider *configuredProvider

	// off sends every refresh to the framework (envDisableRefreshShortcut);
	// invalid says what is wrong with the switch's value when it is not a
	// boolean ("" when it is).
	off     bool
	invalid string

	once      sync.Once
	resources map[string]shortcutResource // by type name

	// answered counts the refreshes answered here, for tests.
	answered atomic.Int64
}

// shortcutResource is a resource type that offers UnchangedRefresh.
type shortcutResource struct {
	newResource func() resource.Resource
	stateType   tftypes.Type
}

// newRefreshShortcut is the shortcut for p, switched off when getenv says
// envDisableRefreshShortcut is true.
func newRefreshShortcut(p *configuredProvider, getenv func(string) string) *refreshShortcut {
	s := &refreshShortcut{provider: p}
	if raw := getenv(envDisableRefreshShortcut); raw != "" {
		off, err := strconv.ParseBool(raw)
		if err != nil {
			s.invalid = fmt.Sprintf("%s must be true or false, got %q.", envDisableRefreshShortcut, raw)
		}
		s.off = off
	}
	return s
}

// answer answers req with its own state when the resource says that nothing
// changed; false sends it to the framework.
func (s *refreshShortcut) answer(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, bool) {
	if s.invalid != "" {
		return &tfprotov6.ReadResourceResponse{Diagnostics: []*tfprotov6.Diagnostic{{
			Severity: tfprotov6.DiagnosticSeverityError, Summary: "Invalid " + envDisableRefreshShortcut, Detail: s.invalid,
		}}}, true
	}
	data := s.provider.configuredResourceData()
	if s.off || data == nil || req.CurrentState == nil || len(req.Private) > 0 {
		return nil, false
	}
	rt, ok := s.resourceTypes(ctx)[req.TypeName]
	if !ok {
		return nil, false
	}
	prior, err := req.CurrentState.Unmarshal(rt.stateType)
	if err != nil || prior.IsNull() || !prior.IsFullyKnown() {
		return nil, false
	}
	r := rt.newResource()
	if c, ok := r.(resource.ResourceWithConfigure); ok {
		var resp resource.ConfigureResponse
		if c.Configure(ctx, resource.ConfigureRequest{ProviderData: data}, &resp); resp.Diagnostics.HasError() {
			return nil, false
		}
	}
	identity, unchanged := r.(unchangedRefresher).UnchangedRefresh(ctx, prior)
	if !unchanged {
		return nil, false
	}
	newIdentity, ok := unchangedIdentity(req.CurrentIdentity, identity)
	if !ok {
		return nil, false
	}
	s.answered.Add(1)
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, NewIdentity: newIdentity}, true
}

// resourceTypes are the provider's resources that offer UnchangedRefresh,
// by type name, read once from the provider as the framework reads them.
func (s *refreshShortcut) resourceTypes(ctx context.Context) map[string]shortcutResource {
	s.once.Do(func() {
		var meta provider.MetadataResponse
		s.provider.Metadata(ctx, provider.MetadataRequest{}, &meta)
		s.resources = map[string]shortcutResource{}
		for _, newResource := range s.provider.Resources(ctx) {
			r := newResource()
			if _, ok := r.(unchangedRefresher); !ok {
				continue
			}
			var name resource.MetadataResponse
			r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &name)
			var schema resource.SchemaResponse
			r.Schema(ctx, resource.SchemaRequest{}, &schema)
			s.resources[name.TypeName] = shortcutResource{newResource: newResource, stateType: schema.Schema.Type().TerraformType(ctx)}
		}
	})
	return s.resources
}

// unchangedIdentity is the identity a Read that changes nothing answers:
// the request's own when it equals identity, identity when the request has
// none (or a null one), and false when they differ (the framework reports
// that as an error).
func unchangedIdentity(current *tfprotov6.ResourceIdentityData, identity tftypes.Value) (*tfprotov6.ResourceIdentityData, bool) {
	if current != nil && current.IdentityData != nil {
		v, err := current.IdentityData.Unmarshal(identity.Type())
		if err != nil {
			return nil, false
		}
		if !v.IsFullyNull() {
			return current, v.Equal(identity)
		}
	}
	dv, err := tfprotov6.NewDynamicValue(identity.Type(), identity)
	if err != nil {
		return nil, false
	}
	return &tfprotov6.ResourceIdentityData{IdentityData: &dv}, true
}
