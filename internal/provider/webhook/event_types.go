package webhook

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// The check of a webhook subscription's event_type against the types the
// service supports (GET /hooks/v1), at plan time and again before a create.
// Its form alone is a schema rule (validators.EventTypeName).

// checkEventTypes adds an error on the attribute at for each of eventTypes
// that the service does not support, naming the supported types. Without
// provider data (an unconfigured provider) there is nothing to ask.
func checkEventTypes(ctx context.Context, data *framework.ProviderData, at path.Path, eventTypes []string, diags *diag.Diagnostics) {
	if data == nil {
		return
	}
	supported, err := supportedEventTypes(ctx, data.Client)
	if err != nil {
		data.AddAPIError(diags, "Could not list the supported event types", err)
		return
	}
	for _, t := range eventTypes {
		if _, ok := supportedEventType(supported, t); !ok {
			diags.AddAttributeError(at, "Unsupported event type", unsupportedEventTypeDetail(at, t, supported))
		}
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

func unsupportedEventTypeDetail(at path.Path, eventType string, supported []string) string {
	return fmt.Sprintf("%s %q is not supported by this service. GET /hooks/v1 lists: %s. "+
		"Event types match without regard to case (SignatureRequestCompleted = signaturerequestcompleted); "+
		"the data source esign_supported_hooks reads the same list.", at, eventType, strings.Join(supported, ", "))
}
