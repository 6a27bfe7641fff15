// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ datasource.DataSourceWithConfigure = (*supportedHooksDataSource)(nil)

// NewSupportedHooksDataSource is the esign_supported_hooks data source.
func NewSupportedHooksDataSource() datasource.DataSource {
	return &supportedHooksDataSource{framework.NewDataSourceBase("_supported_hooks", supportedHooksSchema)}
}

type supportedHooksDataSource struct{ framework.DataSourceBase }

type supportedHooksDataSourceModel struct {
	Hooks      []supportedHookModel `tfsdk:"hooks"`
	EventTypes []string             `tfsdk:"event_types"`
}

type supportedHookModel struct {
	EventType         string `tfsdk:"event_type"`
	Description       string `tfsdk:"description"`
	PayloadSchemaJSON string `tfsdk:"payload_schema_json"`
}

var supportedHooksSchema = schema.Schema{
	MarkdownDescription: "The event types this service supports for webhook subscriptions (`GET /hooks/v1`), which differ " +
		"between environments and service versions.",
	Attributes: map[string]schema.Attribute{
		"hooks": schema.ListNestedAttribute{
			MarkdownDescription: "Every supported hook, in the order the service lists them.",
			Computed:            true,
			NestedObject: schema.NestedAttributeObject{
				Attributes: map[string]schema.Attribute{
					"event_type": schema.StringAttribute{
						MarkdownDescription: "Event type name, lower-case as the service lists it (e.g. `signaturerequestcompleted`).",
						Computed:            true,
					},
					"description": schema.StringAttribute{
						MarkdownDescription: "What the event means.",
						Computed:            true,
					},
					"payload_schema_json": schema.StringAttribute{
						MarkdownDescription: "The payload schema the service documents for the event, as compact JSON (use `jsondecode`).",
						Computed:            true,
					},
				},
			},
		},
		"event_types": schema.ListAttribute{
			MarkdownDescription: "The event type names alone, lower-case, for `for_each` and `contains`.",
			Computed:            true,
			ElementType:         types.StringType,
		},
	},
}

func (d *supportedHooksDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	hooks, err := d.Client.SupportedHooks(ctx)
	if err != nil {
		d.ProviderData.AddAPIError(&resp.Diagnostics, "Could not list the supported hooks", err)
		return
	}

	state := supportedHooksDataSourceModel{
		Hooks:      make([]supportedHookModel, 0, len(hooks)),
		EventTypes: make([]string, 0, len(hooks)),
	}
	for _, h := range hooks {
		state.Hooks = append(state.Hooks, supportedHookModel{
			EventType:         h.EventType,
			Description:       h.Description,
			PayloadSchemaJSON: compactJSON(h.PayloadSchema),
		})
		state.EventTypes = append(state.EventTypes, h.EventType)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// compactJSON: whitespace changes on the service must not show as a diff.
func compactJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	var buf bytes.Buffer
	err := json.Compact(&buf, raw)
	if err != nil {
		return string(raw)
	}
	return buf.String()
}

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
		i := slices.IndexFunc(hooks, func(h client.Hook) bool {
			return h.EventType == client.CanonicalEventType(t)
		})
		if i >= 0 {
			found = append(found, hooks[i])
			continue
		}
		names := make([]string, len(hooks))
		for i, h := range hooks {
			names[i] = h.EventType
		}
		diags.AddAttributeError(at, "Unsupported event type", fmt.Sprintf("%s %q is not supported by this service. "+
			"GET /hooks/v1 lists: %s. "+
			"Event types match without regard to case (SignatureRequestCompleted = signaturerequestcompleted); the data source esign_supported_hooks reads the same list.",
			at, t, strings.Join(names, ", ")))
	}
	return found
}
