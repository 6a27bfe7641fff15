package server

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// The framework hands Update its plan's private data but not Create
// (framework.WithPlannedPrivate says where); this server passes it along in
// the context of ApplyResourceChange. Once resource.CreateRequest has a
// Private field, Create reads it there, and the workaround can go.
func TestFrameworkCreateStillLacksPlannedPrivate(t *testing.T) {
	if _, ok := reflect.TypeFor[resource.CreateRequest]().FieldByName("Private"); ok {
		t.Fatal("resource.CreateRequest has a Private field now: read the planned private data there in " +
			"esign_webhook_subscriptions_exclusive's Create, and remove framework.WithPlannedPrivate and its use in " +
			"protocolServer.ApplyResourceChange")
	}
}

// What ApplyResourceChange hands on: the request's planned private data,
// as framework.PlannedPrivateValue reads it, in the context of the call.
func TestApplyResourceChangeHandsOnThePlannedPrivateData(t *testing.T) {
	var seen []byte
	var found bool
	inner := applyRecorder{apply: func(ctx context.Context) {
		seen, found = framework.PlannedPrivateValue(ctx, "key")
	}}
	planned := []byte(`{"key":"WyJhIl0="}`) // "key": ["a"], base64 as the framework writes it
	_, err := protocolServer{ProviderServer: inner}.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{PlannedPrivate: planned})
	if err != nil {
		t.Fatal(err)
	}
	if !found || string(seen) != `["a"]` {
		t.Fatalf("the call saw %q (found %v), want [\"a\"]", seen, found)
	}
}

type applyRecorder struct {
	tfprotov6.ProviderServer
	apply func(ctx context.Context)
}

func (a applyRecorder) ApplyResourceChange(ctx context.Context, _ *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	a.apply(ctx)
	return &tfprotov6.ApplyResourceChangeResponse{}, nil
}
