// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// TestMain runs this package's tests with the emulator on 127.0.0.1.
func TestMain(m *testing.M) { acctest.Main(m) }

// dynamicValue is a value of an object type, from strings; attributes not given are null.
func dynamicValue(t *testing.T, typ tftypes.Type, attrs map[string]string) *tfprotov6.DynamicValue {
	t.Helper()
	values := map[string]tftypes.Value{}
	for name, at := range typ.(tftypes.Object).AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
		if v, ok := attrs[name]; ok {
			values[name] = tftypes.NewValue(at, v)
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// plugin-go finds the list resources (by type assertion) and their calls reach them; each honours the limit.
func TestProtocolServerServesListResources(t *testing.T) {
	ctx, tenant := context.Background(), acctest.NewTenant(t)
	for _, uri := range []string{"a", "b", "c"} {
		acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: "https://hooks.example.com/" + uri})
	}
	ours := server.New("test")
	schemas, err := ours.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(schemas.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v %v", err, schemas.Diagnostics)
	}
	configured, err := ours.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.11.0",
		Config: dynamicValue(t, schemas.Provider.ValueType(), map[string]string{
			"base_url": acctest.EmulatorURL, "access_token": tenant.AccessToken, "subscription_key": tenant.SubscriptionKey,
		})})
	if err != nil || len(configured.Diagnostics) > 0 {
		t.Fatalf("ConfigureProvider: %v %v", err, configured.Diagnostics)
	}
	lists, ok := ours.(tfprotov6.ListResourceServer)
	if !ok {
		t.Fatal("the provider's server is no tfprotov6.ListResourceServer: Terraform would find no list resource")
	}
	for _, name := range []string{"esign_webhook_subscription", "esign_metadata_entry"} {
		if schemas.ListResourceSchemas[name] == nil {
			t.Errorf("the provider schema has no list resource %s", name)
		}
	}

	config := dynamicValue(t, schemas.ListResourceSchemas["esign_webhook_subscription"].ValueType(), map[string]string{"event_type": "SignatorySigned"})
	validated, err := lists.ValidateListResourceConfig(ctx, &tfprotov6.ValidateListResourceConfigRequest{
		TypeName: "esign_webhook_subscription", Config: config,
	})
	if err != nil || len(validated.Diagnostics) > 0 {
		t.Fatalf("ValidateListResourceConfig: %v %v", err, validated.Diagnostics)
	}
	identities, err := ours.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil || identities.IdentitySchemas["esign_webhook_subscription"] == nil {
		t.Fatalf("GetResourceIdentitySchemas: %v %v", err, identities.Diagnostics)
	}
	for _, limit := range []int64{0, 2, 10} {
		stream, err := lists.ListResource(ctx, &tfprotov6.ListResourceRequest{
			TypeName: "esign_webhook_subscription", Config: config, Limit: limit, IncludeResource: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		n := int64(0)
		for r := range stream.Results {
			n++
			if r.Identity == nil || r.Resource == nil {
				t.Fatalf("limit %d: a result without identity or resource: %+v", limit, r)
			}
			id, err := r.Identity.IdentityData.Unmarshal(identities.IdentitySchemas["esign_webhook_subscription"].ValueType())
			var attrs map[string]tftypes.Value
			if err != nil || id.As(&attrs) != nil || !attrs["event_type"].Equal(tftypes.NewValue(tftypes.String, "signatorysigned")) {
				t.Errorf("limit %d: identity %s (%v), want event_type signatorysigned", limit, id, err)
			}
		}
		if want := min(limit, 3); n != want {
			t.Errorf("limit %d: %d results, want %d", limit, n, want)
		}
	}
}

// With no TF_LOG variable the provider's logger is off, so no line is formatted; TF_LOG=DEBUG leaves it as asked.
func TestLogsQuietUnlessAsked(t *testing.T) {
	for _, asked := range []string{"", "DEBUG"} {
		for _, kv := range os.Environ() {
			if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "TF_LOG") {
				t.Setenv(name, "") // restored after the test
				_ = os.Unsetenv(name)
			}
		}
		if asked != "" {
			t.Setenv("TF_LOG", asked)
		}
		server.QuietLogsUnlessAsked()
		// terraform-plugin-go reads the provider logger's level from TF_LOG_PROVIDER_<type>; none is TRACE.
		level := hclog.LevelFromString(os.Getenv("TF_LOG_PROVIDER_ESIGN"))
		if off := level == hclog.Off; off != (asked == "") {
			t.Errorf("TF_LOG=%q: the provider's logger level is %s", asked, level)
		}
	}
}
