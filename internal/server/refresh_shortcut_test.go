package server_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/provider"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// objectValue builds a value of an object type from strings; attributes not
// given are null.
func objectValue(t *testing.T, typ tftypes.Type, attrs map[string]string) tftypes.Value {
	t.Helper()
	obj, ok := typ.(tftypes.Object)
	if !ok {
		t.Fatalf("%s is not an object type", typ)
	}
	values := map[string]tftypes.Value{}
	for name, at := range obj.AttributeTypes {
		if v, ok := attrs[name]; ok {
			values[name] = tftypes.NewValue(at, v)
		} else {
			values[name] = tftypes.NewValue(at, nil)
		}
	}
	return tftypes.NewValue(obj, values)
}

func dynamicValue(t *testing.T, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// schemaTypes are the value types of a server's schemas, as Terraform
// reads them: the provider block's, and each resource's state and identity.
type schemaTypes struct {
	provider           tftypes.Type
	states, identities map[string]tftypes.Type
}

func typesOf(t *testing.T, s tfprotov6.ProviderServer) schemaTypes {
	t.Helper()
	schemas, err := s.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(schemas.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v %v", err, schemas.Diagnostics)
	}
	identities, err := s.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil || len(identities.Diagnostics) > 0 {
		t.Fatalf("GetResourceIdentitySchemas: %v %v", err, identities.Diagnostics)
	}
	types := schemaTypes{provider: schemas.Provider.ValueType(), states: map[string]tftypes.Type{}, identities: map[string]tftypes.Type{}}
	for name, schema := range schemas.ResourceSchemas {
		types.states[name] = schema.ValueType()
	}
	for name, schema := range identities.IdentitySchemas {
		types.identities[name] = schema.ValueType()
	}
	return types
}

// configuredServer configures server for the tenant, as Terraform does
// before a refresh.
func configuredServer(t *testing.T, s tfprotov6.ProviderServer, tenant emulator.Tenant) tfprotov6.ProviderServer {
	t.Helper()
	config := objectValue(t, typesOf(t, s).provider, map[string]string{
		"base_url": acctest.EmulatorURL, "access_token": tenant.AccessToken, "subscription_key": tenant.SubscriptionKey,
	})
	resp, err := s.ConfigureProvider(context.Background(), &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.11.0", Config: dynamicValue(t, config),
	})
	if err != nil || len(resp.Diagnostics) > 0 {
		t.Fatalf("ConfigureProvider: %v %v", err, resp.Diagnostics)
	}
	return s
}

// refreshed is what one ReadResource answered: the new state (null when the
// resource is gone), the new identity (null when there is none) and the
// diagnostics' summaries.
type refreshed struct {
	state, identity tftypes.Value
	diagnostics     []string
}

func (r refreshed) String() string {
	return fmt.Sprintf("state %s\nidentity %s\ndiagnostics %q", r.state, r.identity, r.diagnostics)
}

func (r refreshed) equal(o refreshed) bool {
	return r.state.Equal(o.state) && r.identity.Equal(o.identity) && slices.Equal(r.diagnostics, o.diagnostics)
}

// refreshWithIdentity sends one ReadResource with the prior state and
// identity (none when identity is nil, as from a state written before the
// provider had identity).
func refreshWithIdentity(t *testing.T, s tfprotov6.ProviderServer, typeName string, prior tftypes.Value, identity *tftypes.Value, private []byte) refreshed {
	t.Helper()
	req := &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: dynamicValue(t, prior), Private: private}
	identityType := typesOf(t, s).identities[typeName]
	if identity != nil {
		req.CurrentIdentity = &tfprotov6.ResourceIdentityData{IdentityData: dynamicValue(t, *identity)}
	}
	resp, err := s.ReadResource(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := refreshed{state: tftypes.NewValue(prior.Type(), nil), identity: tftypes.NewValue(identityType, nil)}
	for _, d := range resp.Diagnostics {
		got.diagnostics = append(got.diagnostics, d.Summary)
	}
	if resp.NewState != nil {
		if got.state, err = resp.NewState.Unmarshal(prior.Type()); err != nil {
			t.Fatal(err)
		}
	}
	if resp.NewIdentity != nil && resp.NewIdentity.IdentityData != nil {
		if got.identity, err = resp.NewIdentity.IdentityData.Unmarshal(identityType); err != nil {
			t.Fatal(err)
		}
	}
	return got
}

// refresh sends one ReadResource without identity and returns the new
// state, failing on any diagnostic.
func refresh(t *testing.T, s tfprotov6.ProviderServer, typeName string, prior tftypes.Value, private []byte) tftypes.Value {
	t.Helper()
	got := refreshWithIdentity(t, s, typeName, prior, nil, private)
	if len(got.diagnostics) > 0 {
		t.Fatalf("ReadResource %s: %q", typeName, got.diagnostics)
	}
	return got.state
}

// The shortcut answers exactly what the framework and Read answer, and only
// when nothing changed.
func TestRefreshShortcutAnswersLikeRead(t *testing.T) {
	tenant := acctest.NewTenant(t)
	ctx := context.Background()
	c := acctest.Client(t, tenant)
	types := typesOf(t, server.New("test"))
	for _, key := range []string{"warm", "k"} {
		if _, err := c.PutMetadata(ctx, "Document", "doc-1", key, client.PutMetadataRequest{Value: "v"}); err != nil {
			t.Fatal(err)
		}
	}
	subID, err := c.CreateSubscription(ctx, client.CreateSubscriptionRequest{
		EventType: "signatorysigned", URI: "https://hooks.example.com/shortcut", Description: "d",
	})
	if err != nil {
		t.Fatal(err)
	}

	entryType := types.states["esign_metadata_entry"]
	entry := func(key, value string) tftypes.Value {
		return objectValue(t, entryType, map[string]string{
			"id": "Document/doc-1/" + key, "entity_type": "Document", "entity_id": "doc-1", "key": key, "value": value,
		})
	}
	subType := types.states["esign_webhook_subscription"]
	subscription := func(id, description string) tftypes.Value {
		return objectValue(t, subType, map[string]string{
			"id": id, "event_type": "signatorysigned", "uri": "https://hooks.example.com/shortcut", "description": description,
		})
	}

	entryIdentity := func(key string) *tftypes.Value {
		v := objectValue(t, types.identities["esign_metadata_entry"], map[string]string{"entity_type": "Document", "entity_id": "doc-1", "key": key})
		return &v
	}
	subscriptionIdentity := func(id, eventType string) *tftypes.Value {
		v := objectValue(t, types.identities["esign_webhook_subscription"], map[string]string{"id": id, "event_type": eventType})
		return &v
	}

	cases := []struct {
		name         string
		typeName     string
		warm, prior  tftypes.Value // warm fills the client's list first
		identity     *tftypes.Value
		private      []byte
		wantShortcut bool
		wantError    string // the summary of the one diagnostic both answer
	}{
		{"entry unchanged", "esign_metadata_entry", entry("warm", "v"), entry("k", "v"), entryIdentity("k"), nil, true, ""},
		{"entry unchanged, no identity yet", "esign_metadata_entry", entry("warm", "v"), entry("k", "v"), nil, nil, true, ""},
		{"entry unchanged, another identity", "esign_metadata_entry", entry("warm", "v"), entry("k", "v"), entryIdentity("other"), nil, false, "Unexpected Identity Change"},
		{"entry changed on the service", "esign_metadata_entry", entry("warm", "v"), entry("k", "old"), entryIdentity("k"), nil, false, ""},
		{"entry gone", "esign_metadata_entry", entry("warm", "v"), entry("gone", "v"), entryIdentity("gone"), nil, false, ""},
		{"entry gone, no identity yet", "esign_metadata_entry", entry("warm", "v"), entry("gone", "v"), nil, nil, false, ""},
		{"entry with private state", "esign_metadata_entry", entry("warm", "v"), entry("k", "v"), entryIdentity("k"), []byte(`{"provider":{}}`), false, ""},
		{"subscription unchanged", "esign_webhook_subscription", subscription(subID, "d"), subscription(subID, "d"), subscriptionIdentity(subID, "signatorysigned"), nil, true, ""},
		{"subscription unchanged, no identity yet", "esign_webhook_subscription", subscription(subID, "d"), subscription(subID, "d"), nil, nil, true, ""},
		{"subscription unchanged, another identity", "esign_webhook_subscription", subscription(subID, "d"), subscription(subID, "d"), subscriptionIdentity(subID, "signaturerequestcompleted"), nil, false, "Unexpected Identity Change"},
		{"subscription changed on the service", "esign_webhook_subscription", subscription(subID, "d"), subscription(subID, "old"), subscriptionIdentity(subID, "signatorysigned"), nil, false, ""},
		{"subscription gone", "esign_webhook_subscription", subscription(subID, "d"), subscription("0b9e5fbd-0000-4000-8000-000000000000", "d"), nil, nil, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ours := configuredServer(t, server.New("test"), tenant)
			framework := configuredServer(t, providerserver.NewProtocol6(provider.New("test")())(), tenant)
			for _, s := range []tfprotov6.ProviderServer{ours, framework} {
				refresh(t, s, tc.typeName, tc.warm, nil)
			}
			shortcutsBefore := server.ShortcutAnswers(ours)

			got := refreshWithIdentity(t, ours, tc.typeName, tc.prior, tc.identity, tc.private)
			want := refreshWithIdentity(t, framework, tc.typeName, tc.prior, tc.identity, tc.private)
			if !got.equal(want) {
				t.Errorf("the provider's server answered\n%s\nthe framework answered\n%s", got, want)
			}
			switch {
			case tc.wantError != "" && !slices.Equal(want.diagnostics, []string{tc.wantError}):
				t.Errorf("the framework answered %q, want the error %q", want.diagnostics, tc.wantError)
			case tc.wantError == "" && len(want.diagnostics) > 0:
				t.Errorf("the framework answered %q", want.diagnostics)
			case tc.wantError == "" && want.identity.IsNull():
				t.Errorf("the framework answered without an identity: %s", want)
			}
			if used := server.ShortcutAnswers(ours) > shortcutsBefore; used != tc.wantShortcut {
				t.Errorf("shortcut used: %v, want %v", used, tc.wantShortcut)
			}
		})
	}

	// Without a list already read, the shortcut sends no request of its
	// own: the framework's Read does, once.
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	ours := configuredServer(t, server.New("test"), tenant)
	refresh(t, ours, "esign_metadata_entry", entry("k", "v"), nil)
	if n := server.ShortcutAnswers(ours); n != 0 {
		t.Errorf("the first read of a list took the shortcut (%d)", n)
	}
	if got := acctest.Emulator.Counters(tenant.SubscriptionKey)[emulator.RouteMetadataEntityList]; got != 1 {
		t.Errorf("the first refresh sent %d list requests, want 1", got)
	}
}

// ESIGN_DISABLE_REFRESH_SHORTCUT=true, read when the server is made, sends a
// refresh the shortcut would answer to the framework, which answers the
// same; unset or false, the shortcut answers it; a value that is not a
// boolean is an error, never the shortcut silently on.
func TestRefreshShortcutSwitch(t *testing.T) {
	tenant := acctest.NewTenant(t)
	ctx := context.Background()
	c := acctest.Client(t, tenant)
	for _, key := range []string{"warm", "k"} {
		if _, err := c.PutMetadata(ctx, "Document", "doc-switch", key, client.PutMetadataRequest{Value: "v"}); err != nil {
			t.Fatal(err)
		}
	}
	types := typesOf(t, server.New("test"))
	entry := func(key string) tftypes.Value {
		return objectValue(t, types.states["esign_metadata_entry"], map[string]string{
			"id": "Document/doc-switch/" + key, "entity_type": "Document", "entity_id": "doc-switch", "key": key, "value": "v",
		})
	}

	const name = "ESIGN_DISABLE_REFRESH_SHORTCUT"
	for _, tc := range []struct {
		name         string
		value        *string // nil: unset
		wantShortcut bool
		wantError    string
	}{
		{"unset", nil, true, ""},
		{"false", ptr("false"), true, ""},
		{"true", ptr("true"), false, ""},
		{"TRUE", ptr("TRUE"), false, ""},
		{"not a boolean", ptr("yes"), false, "Invalid ESIGN_DISABLE_REFRESH_SHORTCUT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(name, "")
			if tc.value == nil {
				if err := os.Unsetenv(name); err != nil {
					t.Fatal(err)
				}
			} else {
				t.Setenv(name, *tc.value)
			}
			ours := configuredServer(t, server.New("test"), tenant)
			// The switch is read when the server is made, not per call.
			if err := os.Unsetenv(name); err != nil {
				t.Fatal(err)
			}
			refreshWithIdentity(t, ours, "esign_metadata_entry", entry("warm"), nil, nil) // fills the client's list

			before := server.ShortcutAnswers(ours)
			got := refreshWithIdentity(t, ours, "esign_metadata_entry", entry("k"), nil, nil)
			if used := server.ShortcutAnswers(ours) > before; used != tc.wantShortcut {
				t.Errorf("shortcut used: %v, want %v", used, tc.wantShortcut)
			}
			if tc.wantError != "" {
				if !slices.Equal(got.diagnostics, []string{tc.wantError}) {
					t.Errorf("answered %q, want the error %q", got.diagnostics, tc.wantError)
				}
				return
			}
			if len(got.diagnostics) > 0 || !got.state.Equal(entry("k")) || got.identity.IsNull() {
				t.Errorf("an unchanged refresh answered\n%s", got)
			}
		})
	}
}

func ptr(s string) *string { return &s }
