// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

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

// checkEventTypes answers the service's hook (GET /hooks/v1) for each of eventTypes, matched in any case, and adds
// an error on at for each it does not support. An unconfigured provider (validation) has nothing to ask.
func checkEventTypes(ctx context.Context, data *framework.ProviderData, at path.Path, eventTypes []string, diags *diag.Diagnostics) []client.Hook {
	if data == nil || len(eventTypes) == 0 {
		return nil
	}
	hooks, err := data.Client.SupportedHooks(ctx)
	if err != nil {
		data.AddAPIError(diags, "Could not list the supported event types", err)
		return nil
	}
	var found []client.Hook
	for _, t := range eventTypes {
		if i := slices.IndexFunc(hooks, func(h client.Hook) bool { return h.EventType == client.CanonicalEventType(t) }); i >= 0 {
			found = append(found, hooks[i])
			continue
		}
		names := make([]string, len(hooks))
		for i, h := range hooks {
			names[i] = h.EventType
		}
		diags.AddAttributeError(at, "Unsupported event type", fmt.Sprintf("%s %q is not supported by this service. "+
			"GET /hooks/v1 lists: %s. Event types match without regard to case (SignatureRequestCompleted = "+
			"signaturerequestcompleted); the data source esign_supported_hooks reads the same list.", at, t, strings.Join(names, ", ")))
	}
	return found
}
