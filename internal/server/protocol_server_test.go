package server

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
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

// noSuchType is the type name of every call below: the framework answers
// each with a "... Type Not Found" error that names it, which shows that the
// call reached the framework.
const noSuchType = "esign_no_such_type"

// protocolCall is one call of the protocol on a server; it answers the
// response's diagnostics.
type protocolCall func(context.Context, tfprotov6.ProviderServer) ([]*tfprotov6.Diagnostic, error)

// perResourceCall is a protocol method, by name, and a call of it.
type perResourceCall struct {
	name string
	call protocolCall
}

// callOf makes the perResourceCall that sends req to method, a method
// expression such as tfprotov6.ProviderServer.ReadResource.
func callOf[Req, Resp any](method func(tfprotov6.ProviderServer, context.Context, *Req) (*Resp, error), req *Req) perResourceCall {
	name := runtime.FuncForPC(reflect.ValueOf(method).Pointer()).Name()
	return perResourceCall{
		name: name[strings.LastIndex(name, ".")+1:],
		call: func(ctx context.Context, s tfprotov6.ProviderServer) ([]*tfprotov6.Diagnostic, error) {
			resp, err := method(s, ctx, req)
			if err != nil || resp == nil {
				return nil, err
			}
			diags, _ := reflect.ValueOf(resp).Elem().FieldByName("Diagnostics").Interface().([]*tfprotov6.Diagnostic)
			return diags, nil
		},
	}
}

// perResourceCalls are the calls Terraform makes once per resource or data
// source instance, which protocolServer gives a callContext: every method it
// defines itself (TestProtocolServerCallsAreAllTested keeps the list whole).
var perResourceCalls = []perResourceCall{
	callOf(tfprotov6.ProviderServer.ValidateResourceConfig, &tfprotov6.ValidateResourceConfigRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.UpgradeResourceState, &tfprotov6.UpgradeResourceStateRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.ReadResource, &tfprotov6.ReadResourceRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.PlanResourceChange, &tfprotov6.PlanResourceChangeRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.ApplyResourceChange, &tfprotov6.ApplyResourceChangeRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.ImportResourceState, &tfprotov6.ImportResourceStateRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.MoveResourceState, &tfprotov6.MoveResourceStateRequest{TargetTypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.UpgradeResourceIdentity, &tfprotov6.UpgradeResourceIdentityRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.ValidateDataResourceConfig, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: noSuchType}),
	callOf(tfprotov6.ProviderServer.ReadDataSource, &tfprotov6.ReadDataSourceRequest{TypeName: noSuchType}),
}

// callOnce makes one call the way the gRPC server does (a cancellable
// request context, cancelled when the call returns), checks that the
// framework answered it, and returns a weak pointer to the request-scoped
// value the call's context carried.
func callOnce(t *testing.T, server tfprotov6.ProviderServer, call protocolCall) weak.Pointer[requestScoped] {
	t.Helper()
	value := &requestScoped{}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), requestScopedKey{}, value))
	defer cancel()

	diags, err := call(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || !strings.HasSuffix(diags[0].Summary, "Type Not Found") || !strings.Contains(diags[0].Detail, noSuchType) {
		t.Fatalf("the call did not reach the framework's type look-up: %+v", diags)
	}
	return weak.Make(value)
}

// retainedAfterGC tells whether the request's value survives a full
// garbage collection while the server itself is still in use.
func retainedAfterGC(t *testing.T, server tfprotov6.ProviderServer, call protocolCall) bool {
	t.Helper()
	ref := callOnce(t, server, call)
	runtime.GC()
	runtime.GC()
	retained := ref.Value() != nil
	runtime.KeepAlive(server)
	return retained
}

// For every per-resource call: the bare framework keeps the request (the
// leak callContext works around, see protocolServer), and the provider's
// server hands it to the framework and lets go of it. The first half fails,
// and says which calls no longer need a callContext, once a newer
// terraform-plugin-framework stops keeping call contexts; when it fails
// for every call, callContext can go.
func TestProtocolServerLetsGoOfRequests(t *testing.T) {
	for _, c := range perResourceCalls {
		t.Run(c.name, func(t *testing.T) {
			if !retainedAfterGC(t, providerserver.NewProtocol6(provider.New("test")())(), c.call) {
				t.Errorf("terraform-plugin-framework no longer keeps the context of %s until StopProvider "+
					"(v1.19.0: internal/proto6server, (*Server).registerContext): this call needs no callContext", c.name)
			}
			if retainedAfterGC(t, New("test"), c.call) {
				t.Errorf("a finished %s call's request context is still reachable through the provider's server", c.name)
			}
		})
	}
}

// perResourceCalls (or forwardedOnly) holds every method protocolServer
// defines, and every per-resource method of the protocol is either one of
// them or named in notWrapped: a method added to protocolServer, or to the protocol by a
// newer terraform-plugin-go, fails here until someone decides.
func TestProtocolServerCallsAreAllTested(t *testing.T) {
	notWrapped := map[string]string{
		"GenerateResourceConfig": "only with terraform plan -generate-config-out, once per import block",
	}
	// Forwarded without a callContext (their results stream after the
	// call returns), and tested by the test named.
	forwardedOnly := map[string]string{
		"ValidateListResourceConfig": "TestProtocolServerServesListResources",
		"ListResource":               "TestProtocolServerServesListResources",
		"ValidateActionConfig":       "the acceptance tests of the actions",
		"PlanAction":                 "the acceptance tests of the actions",
		"InvokeAction":               "the acceptance tests of the actions",
	}
	tested := map[string]bool{}
	for _, c := range perResourceCalls {
		tested[c.name] = true
	}
	for name := range forwardedOnly {
		tested[name] = true
	}
	for _, name := range protocolServerMethods(t) {
		if !tested[name] {
			t.Errorf("protocolServer defines %s, which neither perResourceCalls nor forwardedOnly lists", name)
		}
	}
	for _, iface := range []reflect.Type{
		reflect.TypeFor[tfprotov6.ResourceServer](), reflect.TypeFor[tfprotov6.DataSourceServer](), reflect.TypeFor[tfprotov6.ListResourceServer](),
	} {
		for m := range iface.Methods() {
			if !tested[m.Name] && notWrapped[m.Name] == "" {
				t.Errorf("%s.%s is neither wrapped by protocolServer and tested nor named in notWrapped with the reason", iface.Name(), m.Name)
			}
		}
	}
}

// protocolServerMethods lists the exported methods declared with a
// protocolServer receiver in the package's source.
func protocolServerMethods(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() {
				continue
			}
			if recv, ok := fn.Recv.List[0].Type.(*ast.Ident); ok && recv.Name == "protocolServer" {
				names = append(names, fn.Name.Name)
			}
		}
	}
	if len(names) == 0 {
		t.Fatal("found no methods of protocolServer: has it moved or been renamed?")
	}
	return names
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
