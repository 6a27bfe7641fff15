// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var _ list.ListResourceWithConfigure = (*subscriptionListResource)(nil)

// NewSubscriptionListResource is the esign_webhook_subscription list resource (Terraform 1.14+).
func NewSubscriptionListResource() list.ListResource {
	return &subscriptionListResource{framework.NewListResourceBase("_webhook_subscription", subscriptionListSchema)}
}

type subscriptionListResource struct{ framework.ListResourceBase }

type subscriptionListConfigModel struct {
	subscriptionFilterModel
	URIPrefix   types.String `tfsdk:"uri_prefix"`
	Description types.String `tfsdk:"description"`
}

var subscriptionListSchema = schema.Schema{
	MarkdownDescription: "Lists the webhook subscriptions (`GET /hooks/v1/subscription`, one request), optionally filtered, " +
		"so that `terraform query` can show them by event type and uri and generate their configuration and import blocks. " +
		"The service never returns headers: the guide \"Adopting existing subscriptions\" says how to add them after the import.",
	Attributes: map[string]schema.Attribute{
		"event_type": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions to this event type, in any case.",
			Optional:            true,
			Validators:          []validator.String{validators.EventTypeName()},
		},
		"uri": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions that send to exactly this URI.",
			Optional:            true,
		},
		"uri_prefix": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions whose `uri` is under this `https://` URL, as `esign_webhook_subscriptions_exclusive`'s `uri_prefix` reads it " +
				"(scheme and host in any case, port 443 when left out, path with case; without a path: exactly that host), " +
				"so a query with it lists what an exclusive resource of that scope would own.",
			Optional:   true,
			Validators: []validator.String{validators.WebhookURIPrefix()},
		},
		"description": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions with exactly this description (`\"\"` finds those without one).",
			Optional:            true,
		},
	},
}

func (r *subscriptionListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var filter subscriptionListConfigModel
	diags := framework.GetListConfig(ctx, req.Config, &filter)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}

	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		var diags diag.Diagnostics
		r.ProviderData.AddAPIError(&diags, "Could not list the webhook subscriptions", err)
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	matching := slices.DeleteFunc(slices.Clone(set.Items), func(s client.Subscription) bool {
		return !filter.matches(s)
	})
	tflog.Debug(ctx, "listed webhook subscriptions", map[string]any{
		"total":    len(set.Items),
		"matching": len(matching),
		"limit":    req.Limit,
	})

	stream.Results = framework.ListResultsUpToLimit(len(matching), req.Limit, func(i int) list.ListResult {
		// The resource equals what an import by its identity makes, so the plan after -generate-config-out only imports.
		s := matching[i]
		result := req.NewListResult(ctx)
		result.DisplayName = s.EventType + ": " + r.Client.RedactURI(s.URI)
		result.Identity.Raw = subscriptionIdentity.Value(map[string]string{
			"id":         s.ID,
			"event_type": s.EventType,
		})
		if req.IncludeResource {
			result.Diagnostics.Append(result.Resource.Set(ctx, importedSubscription(s, s.EventType))...)
			if i == 0 {
				result.Diagnostics.Append(headersNotListed)
			}
		}
		return result
	})
}

// headersNotListed rides on the first result: generated configuration cannot carry a comment, and Terraform reads
// no further than the list block's limit.
var headersNotListed = diag.NewWarningDiagnostic("Webhook headers cannot be listed",
	"The service never returns a subscription's headers, so the listed subscriptions (and any configuration generated from them) have headers = null. "+
		"For a subscription that carries headers, set headers (or headers_wo and headers_wo_version) in its configuration: the first plan after the import takes them into state without replacing the subscription, and warns that they could not be verified.")

func (f subscriptionListConfigModel) matches(s client.Subscription) bool {
	uriPrefixMatches := f.URIPrefix.IsNull() || newExclusiveScope(nil, f.URIPrefix.ValueString()).contains(s)
	descriptionMatches := f.Description.IsNull() || f.Description.ValueString() == s.Description
	return f.subscriptionFilterModel.matches(s) && uriPrefixMatches && descriptionMatches
}
