// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package provider is the esign provider's configuration and the registry of what it serves, one package per
// kind (webhook, metadata, document); the API is internal/client, what the kinds share is framework/.
package provider

import (
	"context"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/auth"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/document"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/metadata"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/webhook"
)

// RegistryAddress is where the provider is published.
const RegistryAddress = "registry.terraform.io/esign-oss/esign"

var (
	_ provider.Provider                       = (*esignProvider)(nil)
	_ provider.ProviderWithListResources      = (*esignProvider)(nil)
	_ provider.ProviderWithActions            = (*esignProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*esignProvider)(nil)
	_ provider.ProviderWithValidateConfig     = (*esignProvider)(nil)
)

type esignProvider struct {
	version string
	// validated: Terraform validated the configuration since the last Configure, as it does before each operation's.
	validated atomic.Bool
}

func New(version string) func() provider.Provider {
	return func() provider.Provider {
		return &esignProvider{version: version}
	}
}

type esignProviderModel struct {
	BaseURL           types.String `tfsdk:"base_url"`
	AccessToken       types.String `tfsdk:"access_token"`
	SubscriptionKey   types.String `tfsdk:"subscription_key"`
	Login             *loginModel  `tfsdk:"login"`
	MaxRetries        types.Int64  `tfsdk:"max_retries"`
	RequestTimeout    types.String `tfsdk:"request_timeout"`
	AllowInsecureHTTP types.Bool   `tfsdk:"allow_insecure_http"`
}

type loginModel struct {
	Username types.String `tfsdk:"username"`
	Password types.String `tfsdk:"password"`
	TenantID types.String `tfsdk:"tenant_id"`
}

func (p *esignProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "esign"
	resp.Version = p.version
}

func (p *esignProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = providerSchema
}

// providerSchema is built once: Terraform asks for it on every command.
var providerSchema = schema.Schema{
	MarkdownDescription: "Manage webhook subscriptions and metadata of the electronic-signature service, " +
		"and read its supported hooks, metadata and signed documents.",
	Attributes: map[string]schema.Attribute{
		"base_url": schema.StringAttribute{
			MarkdownDescription: "Base URL of the service, e.g. `https://api.example.com`. Every API path is relative to it. " +
				"`https://` for the service; plain `http://` only for a loopback host (`127.0.0.1`, `::1`, `localhost`: " +
				"the emulator), or with `allow_insecure_http`. Required here or in `ESIGN_BASE_URL`.",
			Optional:   true,
			Validators: []validator.String{validators.BaseURL()},
		},
		"allow_insecure_http": schema.BoolAttribute{
			MarkdownDescription: "Allow a plain `http://` `base_url` for a host that is not loopback, such as a test gateway " +
				"without TLS: the credentials of every request then cross the network in clear text, and every run warns " +
				"(without it, such a `base_url` is an error before any request is sent). Never set it for the service " +
				"itself. Defaults to `false`; `ESIGN_ALLOW_INSECURE_HTTP` may set it.",
			Optional: true,
		},
		"access_token": schema.StringAttribute{
			MarkdownDescription: "Bearer token sent as `Authorization: Bearer <token>`. May be set with `ESIGN_ACCESS_TOKEN`. " +
				"Use either this or the `login` block.",
			Optional:  true,
			Sensitive: true,
		},
		"subscription_key": schema.StringAttribute{
			MarkdownDescription: "API subscription key sent as `Ocp-Apim-Subscription-Key`. Required here or in `ESIGN_SUBSCRIPTION_KEY`.",
			Optional:            true,
			Sensitive:           true,
		},
		"max_retries": schema.Int64Attribute{
			MarkdownDescription: "How many times a failed call is retried, with exponential backoff that honours " +
				"`Retry-After` (see Retries and timeouts above). Defaults to `4`; `ESIGN_MAX_RETRIES` may set it.",
			Optional:   true,
			Validators: []validator.Int64{int64validator.Between(0, 20)},
		},
		"request_timeout": schema.StringAttribute{
			MarkdownDescription: "How long one attempt of a call may take, as a Go duration string (`\"30s\"`, `\"2m\"`). Defaults to `\"30s\"`. " +
				"When Terraform is interrupted (Ctrl-C), a create, delete or metadata write already sent is still waited for, " +
				"up to this long, so that its result is recorded in the state; nothing new is sent after the interrupt.",
			Optional:   true,
			Validators: []validator.String{validators.Duration()},
		},
	},
	Blocks: map[string]schema.Block{
		"login": schema.SingleNestedBlock{
			MarkdownDescription: "Log in with a user instead of giving `access_token`: the provider calls `POST /identity/login`, " +
				"uses the token it gets, and logs in again once when a call answers 401 (tokens live 30 minutes).",
			Attributes: map[string]schema.Attribute{
				"username": schema.StringAttribute{
					MarkdownDescription: "User name. May be set with `ESIGN_USERNAME`.",
					Optional:            true,
				},
				"password": schema.StringAttribute{
					MarkdownDescription: "Password. May be set with `ESIGN_PASSWORD`.",
					Optional:            true,
					Sensitive:           true,
				},
				"tenant_id": schema.StringAttribute{
					MarkdownDescription: "Tenant GUID. May be set with `ESIGN_TENANT_ID`.",
					Optional:            true,
					Validators:          []validator.String{validators.GUID()},
				},
			},
		},
	},
}

func (p *esignProvider) Resources(_ context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		metadata.NewEntryResource,                 // esign_metadata_entry
		webhook.NewSubscriptionResource,           // esign_webhook_subscription
		webhook.NewSubscriptionsExclusiveResource, // esign_webhook_subscriptions_exclusive
	}
}

func (p *esignProvider) ListResources(_ context.Context) []func() list.ListResource {
	return []func() list.ListResource{
		metadata.NewEntryListResource,       // esign_metadata_entry
		webhook.NewSubscriptionListResource, // esign_webhook_subscription
	}
}

func (p *esignProvider) DataSources(_ context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		webhook.NewSupportedHooksDataSource,  // esign_supported_hooks
		webhook.NewSubscriptionsDataSource,   // esign_webhook_subscriptions
		webhook.NewSubscriptionDataSource,    // esign_webhook_subscription
		metadata.NewDataSource,               // esign_metadata
		document.NewSignedDocumentDataSource, // esign_signed_document
	}
}

// Actions run only when triggered (action_trigger, terraform apply -invoke; Terraform 1.14 and later).
func (p *esignProvider) Actions(_ context.Context) []func() action.Action {
	return []func() action.Action{
		document.NewSignedDocumentDownloadAction, // esign_signed_document_download
		webhook.NewTestEventAction,               // esign_webhook_test_event
	}
}

// EphemeralResources are never stored (Terraform 1.10, OpenTofu 1.11 and later).
func (p *esignProvider) EphemeralResources(_ context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{
		auth.NewAccessTokenEphemeralResource, // esign_access_token
	}
}
