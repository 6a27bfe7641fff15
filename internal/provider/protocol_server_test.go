package provider

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
	"weak"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// requestScoped stands for what Terraform's plugin server puts in a call's
// context: loggers, the gRPC stream, metadata. Only its reachability is
// observed; the size makes it a heap object of its own.
type requestScoped struct {
	_ [64 << 10]byte
}

type requestScopedKey struct{}

// callOnce makes one per-resource call the way the gRPC server does (a
// cancellable request context, cancelled when the call returns) and returns
// a weak pointer to the request-scoped value it carried.
func callOnce(t *testing.T, server tfprotov6.ProviderServer) weak.Pointer[requestScoped] {
	t.Helper()
	value := &requestScoped{}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), requestScopedKey{}, value))
	defer cancel()

	config := objectValue(t, metadataEntrySchema.Type().TerraformType(context.Background()), map[string]string{
		"entity_type": "SignatureRequest", "entity_id": "req-1", "key": "k", "value": "v",
	})
	resp, err := server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{
		TypeName: "esign_metadata_entry",
		Config:   dynamicValue(t, config),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range resp.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			t.Fatalf("ValidateResourceConfig: %s: %s", d.Summary, d.Detail)
		}
	}
	return weak.Make(value)
}

// retainedAfterGC tells whether the request's value survives a full
// garbage collection while the server itself is still in use.
func retainedAfterGC(t *testing.T, server tfprotov6.ProviderServer) bool {
	t.Helper()
	ref := callOnce(t, server)
	runtime.GC()
	runtime.GC()
	retained := ref.Value() != nil
	runtime.KeepAlive(server)
	return retained
}

func TestProtocolServerLetsGoOfRequests(t *testing.T) {
	if !retainedAfterGC(t, providerserver.NewProtocol6(New("test")())()) {
		t.Log("the plugin framework no longer keeps call contexts: callContext can be removed")
		t.Fail()
	}
	if retainedAfterGC(t, NewProtocol6Server("test")) {
		t.Fatal("a finished call's request context is still reachable through the provider's server")
	}
}

func TestCallContextForwardsUntilReleased(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	parent, cancel := context.WithDeadline(context.WithValue(context.Background(), requestScopedKey{}, "logger"), deadline)
	defer cancel()

	ctx, release := newCallContext(parent)
	if got := ctx.Value(requestScopedKey{}); got != "logger" {
		t.Errorf("Value during the call = %v, want the request's value", got)
	}
	if got, ok := ctx.Deadline(); !ok || !got.Equal(deadline) {
		t.Errorf("Deadline = %v, %v; want the request's deadline", got, ok)
	}
	if ctx.Done() != parent.Done() {
		t.Error("Done is not the request's channel")
	}
	if ctx.Err() != nil {
		t.Errorf("Err before cancellation = %v", ctx.Err())
	}

	// A child context, as the framework derives one, follows the request's
	// cancellation.
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()

	release()
	if got := ctx.Value(requestScopedKey{}); got != nil {
		t.Errorf("Value after release = %v, want nil", got)
	}
	if ctx.Err() != nil {
		t.Errorf("Err after release, before cancellation = %v, want nil", ctx.Err())
	}
	cancel()
	select {
	case <-child.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the derived context was not cancelled with the request")
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("Err after cancellation = %v, want context.Canceled", ctx.Err())
	}
}
