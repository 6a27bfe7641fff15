// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package auth holds what serves the provider's credentials to a
// configuration: the esign_access_token ephemeral resource.
package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ ephemeral.EphemeralResourceWithConfigure = (*accessToken)(nil)

// NewAccessTokenEphemeralResource is the esign_access_token ephemeral resource.
func NewAccessTokenEphemeralResource() ephemeral.EphemeralResource {
	return &accessToken{framework.NewEphemeralResourceBase("_access_token", accessTokenSchema)}
}

type accessToken struct {
	framework.EphemeralResourceBase
}

type accessTokenModel struct {
	Token     types.String `tfsdk:"token"`
	ExpiresAt types.String `tfsdk:"expires_at"`
}

var accessTokenSchema = schema.Schema{
	MarkdownDescription: "A bearer token from `POST /identity/login`, logged in with the provider's `login` settings " +
		"whenever Terraform opens it (at plan, and again at apply); never stored in state or plan.",
	Attributes: map[string]schema.Attribute{
		"token": schema.StringAttribute{
			MarkdownDescription: "The bearer token, for `Authorization: Bearer <token>` (e.g. another provider configuration's `access_token`).",
			Computed:            true,
			Sensitive:           true,
		},
		"expires_at": schema.StringAttribute{
			MarkdownDescription: "When the token expires (RFC 3339), from its `exp` claim; null when the token is not a JWT with one.",
			Computed:            true,
		},
	},
}

func (r *accessToken) Open(ctx context.Context, _ ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !r.Client.HasLogin() {
		resp.Diagnostics.AddError("esign_access_token needs the provider's login block",
			"esign_access_token logs in with the provider's login block (username, password, tenant_id, or ESIGN_USERNAME, ESIGN_PASSWORD, ESIGN_TENANT_ID), and this provider configuration has a static access_token instead. "+
				"Configure the login block in the provider configuration that the ephemeral resource uses.")
		return
	}
	token, err := r.Client.Login(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not log in", err)
		return
	}
	m := accessTokenModel{
		Token:     types.StringValue(token),
		ExpiresAt: types.StringNull(),
	}
	if exp, ok := jwtExpiry(token); ok {
		m.ExpiresAt = types.StringValue(exp.UTC().Format(time.RFC3339))
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, m)...)
}

// jwtExpiry is the exp claim of token, when it is a JWT that has one.
func jwtExpiry(token string) (time.Time, bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return time.Time{}, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return time.Time{}, false
	}
	var claims struct {
		Exp *float64 `json:"exp"`
	}
	err = json.Unmarshal(raw, &claims)
	if err != nil || claims.Exp == nil {
		return time.Time{}, false
	}
	return time.Unix(int64(*claims.Exp), 0), true
}
