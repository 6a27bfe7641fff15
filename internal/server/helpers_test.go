// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// objectValue builds a value of an object type from strings; attributes not given are null.
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

// configuredServer configures s for the tenant, as Terraform does before it reads.
func configuredServer(t *testing.T, s tfprotov6.ProviderServer, tenant emulator.Tenant) tfprotov6.ProviderServer {
	t.Helper()
	schemas, err := s.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(schemas.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v %v", err, schemas.Diagnostics)
	}
	config := objectValue(t, schemas.Provider.ValueType(), map[string]string{
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

// identityType is the value type of the resource's identity.
func identityType(t *testing.T, s tfprotov6.ProviderServer, resource string) tftypes.Type {
	t.Helper()
	identities, err := s.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil || len(identities.Diagnostics) > 0 || identities.IdentitySchemas[resource] == nil {
		t.Fatalf("GetResourceIdentitySchemas: %v %v", err, identities.Diagnostics)
	}
	return identities.IdentitySchemas[resource].ValueType()
}
