package webhook

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The check of a webhook subscription's event_type against the types the
// service supports (GET /hooks/v1), at plan time and again before a create.
// Its form alone is a schema rule (validators.EventTypeName).

// checkEventType adds an error naming the supported types when eventType is
// not one of them.
func (r *subscriptionResource) checkEventType(ctx context.Context, eventType string, diags *diag.Diagnostics) {
	supported, err := supportedEventTypes(ctx, r.Client)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not list the supported event types", err)
		return
	}
	if _, ok := supportedEventType(supported, eventType); !ok {
		diags.AddAttributeError(path.Root("event_type"), "Unsupported event type", unsupportedEventTypeDetail(eventType, supported))
	}
}

func supportedEventTypes(ctx context.Context, c *client.Client) ([]string, error) {
	hooks, err := c.SupportedHooks(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(hooks))
	for _, h := range hooks {
		names = append(names, h.EventType)
	}
	return names, nil
}

// supportedEventType answers the service's (lower-case) spelling of
// eventType if the service supports it, matching without regard to case.
func supportedEventType(supported []string, eventType string) (string, bool) {
	i := slices.IndexFunc(supported, func(s string) bool { return strings.EqualFold(s, eventType) })
	if i < 0 {
		return "", false
	}
	return supported[i], true
}

func unsupportedEventTypeDetail(eventType string, supported []string) string {
	return fmt.Sprintf("event_type %q is not supported by this service. GET /hooks/v1 lists: %s. "+
		"Event types match without regard to case (SignatureRequestCompleted = signaturerequestcompleted); "+
		"the data source esign_supported_hooks reads the same list.", eventType, strings.Join(supported, ", "))
}
