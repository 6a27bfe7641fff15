package server

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/provider"
)

// configuredProvider is the provider as the framework serves it, except that
// it keeps what its Configure hands to resources, which the framework keeps
// to itself: the refresh shortcut configures the resources it asks with it,
// as the framework would.
//
// The framework finds a provider's optional methods by type assertion, so
// configuredProvider must offer every one the provider has; it embeds the
// only optional interface the esign provider implements (list resources),
// and TestConfiguredProviderKeepsEveryInterface fails when the provider
// gains another.
type configuredProvider struct {
	provider.ProviderWithListResources
	resourceData atomic.Pointer[any]
}

func newConfiguredProvider(p provider.Provider) *configuredProvider {
	withLists, ok := p.(provider.ProviderWithListResources)
	if !ok {
		panic(fmt.Sprintf("server: the provider %T has no list resources; configuredProvider must embed what it implements", p))
	}
	return &configuredProvider{ProviderWithListResources: withLists}
}

func (p *configuredProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	p.ProviderWithListResources.Configure(ctx, req, resp)
	if !resp.Diagnostics.HasError() {
		data := resp.ResourceData
		p.resourceData.Store(&data)
	}
}

// configuredResourceData is what Configure handed to resources, or nil
// before the provider is configured.
func (p *configuredProvider) configuredResourceData() any {
	if data := p.resourceData.Load(); data != nil {
		return *data
	}
	return nil
}
