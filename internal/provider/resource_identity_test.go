package provider

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// implements tells whether r is a T.
func implements[T any](r resource.Resource) bool {
	_, ok := r.(T)
	return ok
}

// The framework finds a resource's optional methods by type assertion, so
// withIdentity has to offer every one the resource it wraps has: a method
// it only promotes from identifiedResource's interface, or does not
// forward, would silently go unused.
func TestWithIdentityKeepsEveryInterface(t *testing.T) {
	optional := map[string]func(resource.Resource) bool{
		"ResourceWithConfigure":        implements[resource.ResourceWithConfigure],
		"ResourceWithConfigValidators": implements[resource.ResourceWithConfigValidators],
		"ResourceWithImportState":      implements[resource.ResourceWithImportState],
		"ResourceWithModifyPlan":       implements[resource.ResourceWithModifyPlan],
		"ResourceWithMoveState":        implements[resource.ResourceWithMoveState],
		"ResourceWithUpgradeState":     implements[resource.ResourceWithUpgradeState],
		"ResourceWithValidateConfig":   implements[resource.ResourceWithValidateConfig],
		"ResourceWithUpgradeIdentity":  implements[resource.ResourceWithUpgradeIdentity],
	}
	for _, r := range []struct {
		own, served resource.Resource
	}{
		{newMetadataEntryResource(), NewMetadataEntryResourceWithIdentity()},
		{newWebhookSubscriptionResource(), NewWebhookSubscriptionResourceWithIdentity()},
	} {
		name := reflect.TypeOf(r.own).Elem().Name()
		if !implements[resource.ResourceWithIdentity](r.served) {
			t.Errorf("%s is served without identity", name)
		}
		for iface, has := range optional {
			if has(r.own) && !has(r.served) {
				t.Errorf("%s is a %s, but withIdentity does not forward it", name, iface)
			}
		}
	}
}

// importByIdentity is an import block that names the object by identity,
// an HCL object such as { id = "..." }.
func importByIdentity(to, identity string) string {
	return fmt.Sprintf("\nimport {\n  to       = %s\n  identity = %s\n}\n", to, identity)
}
