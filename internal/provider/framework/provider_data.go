package framework

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ProviderData is what the provider's Configure hands to every resource,
// data source and list resource: the API client, and what the things of one
// kind share for the length of one Terraform operation (one configured
// provider), kept by the kind itself under a key of its own (OperationState).
type ProviderData struct {
	Client *client.Client

	operation sync.Map // a kind's key → its state for this operation
}

// NewProviderData is the provider data of a newly configured provider.
func NewProviderData(c *client.Client) *ProviderData {
	return &ProviderData{Client: c}
}

// ProviderDataOf unpacks what Configure handed over. It is nil before the
// provider is configured (Terraform validates configurations that way),
// which callers must tolerate.
func ProviderDataOf(data any, diags *diag.Diagnostics) *ProviderData {
	switch d := data.(type) {
	case nil:
		return nil
	case *ProviderData:
		return d
	}
	diags.AddError("Unexpected provider data",
		fmt.Sprintf("Expected *framework.ProviderData, got %T. This is a bug in the provider; please report it.", data))
	return nil
}

// OperationState is the state that a kind keeps under key for the operation
// of data, made by newState the first time it is asked for. key is a value
// of a type of the kind's own (an empty struct type), so that no two kinds
// can meet. A nil data (provider not configured yet) answers nil.
func OperationState[T any](data *ProviderData, key any, newState func() *T) *T {
	if data == nil {
		return nil
	}
	if v, ok := data.operation.Load(key); ok {
		return v.(*T)
	}
	v, _ := data.operation.LoadOrStore(key, newState())
	return v.(*T)
}
