package server

import (
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"

	esign "github.com/esign-oss/terraform-provider-esign/internal/provider"
)

// The framework finds a provider's optional methods by type assertion:
// configuredProvider must be every optional provider interface the esign
// provider is, or the framework silently stops calling that method.
func TestConfiguredProviderKeepsEveryInterface(t *testing.T) {
	optional := []reflect.Type{
		reflect.TypeFor[provider.ProviderWithConfigValidators](),
		reflect.TypeFor[provider.ProviderWithValidateConfig](),
		reflect.TypeFor[provider.ProviderWithMetaSchema](),
		reflect.TypeFor[provider.ProviderWithFunctions](),
		reflect.TypeFor[provider.ProviderWithEphemeralResources](),
		reflect.TypeFor[provider.ProviderWithListResources](),
		reflect.TypeFor[provider.ProviderWithActions](),
		reflect.TypeFor[provider.ProviderWithStateStores](),
	}
	inner := esign.New("test")()
	served := newConfiguredProvider(inner)
	for _, iface := range optional {
		if reflect.TypeOf(inner).Implements(iface) && !reflect.TypeOf(served).Implements(iface) {
			t.Errorf("the provider is a %s, but configuredProvider does not forward it", iface.Name())
		}
	}
}
