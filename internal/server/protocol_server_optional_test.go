// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// plugin-go finds the list resources (by type assertion) and their calls reach them; each honours the limit.
func TestProtocolServerServesListResources(t *testing.T) {
	tenant := acctest.NewTenant(t)
	for _, uri := range []string{"a", "b", "c"} {
		acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: "https://hooks.example.com/" + uri})
	}
	ours := configuredServer(t, server.New("test"), tenant)
	lists, ok := ours.(tfprotov6.ListResourceServer)
	if !ok {
		t.Fatal("the provider's server is no tfprotov6.ListResourceServer: Terraform would find no list resource")
	}

	schemas, err := ours.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"esign_webhook_subscription", "esign_metadata_entry"} {
		if schemas.ListResourceSchemas[name] == nil {
			t.Errorf("the provider schema has no list resource %s", name)
		}
	}

	configType := schemas.ListResourceSchemas["esign_webhook_subscription"].ValueType()
	config := dynamicValue(t, objectValue(t, configType, map[string]string{"event_type": "SignatorySigned"}))
	validated, err := lists.ValidateListResourceConfig(context.Background(), &tfprotov6.ValidateListResourceConfigRequest{
		TypeName: "esign_webhook_subscription", Config: config,
	})
	if err != nil || len(validated.Diagnostics) > 0 {
		t.Fatalf("ValidateListResourceConfig: %v %v", err, validated.Diagnostics)
	}

	identity := identityType(t, ours, "esign_webhook_subscription")
	for _, limit := range []int64{0, 2, 10} {
		stream, err := lists.ListResource(context.Background(), &tfprotov6.ListResourceRequest{
			TypeName: "esign_webhook_subscription", Config: config, Limit: limit, IncludeResource: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		var got []tfprotov6.ListResourceResult
		for r := range stream.Results {
			got = append(got, r)
		}
		if want := min(limit, 3); int64(len(got)) != want {
			t.Errorf("limit %d: %d results, want %d", limit, len(got), want)
		}
		for _, r := range got {
			if r.Identity == nil || r.Resource == nil {
				t.Fatalf("limit %d: a result without identity or resource: %+v", limit, r)
			}
			id, err := r.Identity.IdentityData.Unmarshal(identity)
			if err != nil {
				t.Fatal(err)
			}
			var attrs map[string]tftypes.Value
			if err := id.As(&attrs); err != nil || !attrs["event_type"].Equal(tftypes.NewValue(tftypes.String, "signatorysigned")) {
				t.Errorf("limit %d: identity %s, want event_type signatorysigned", limit, id)
			}
		}
	}
}
