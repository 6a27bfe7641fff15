// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ProviderData is what Configure hands to every resource, data source and
// list resource.
type ProviderData struct {
	Client *client.Client

	operation sync.Map // a kind's key → its state for this operation
}

func NewProviderData(c *client.Client) *ProviderData {
	return &ProviderData{Client: c}
}

// ProviderDataOf is nil before the provider is configured (Terraform
// validates that way), which callers must tolerate.
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

// OperationState is what a kind shares for one Terraform operation, under a
// key of a type of its own so no two kinds meet. Nil before Configure.
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
