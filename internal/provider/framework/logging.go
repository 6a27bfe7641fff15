// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ClientLogger masks the secrets as a second line of defence: the client already leaves them out.
func ClientLogger(secrets ...string) client.Logger {
	return tflogLogger{newMasks(secrets...)}
}

type tflogLogger struct{ masks masks }

func (l tflogLogger) Debug(ctx context.Context, msg string, fields map[string]any) {
	tflog.Debug(l.masks.apply(ctx), msg, fields)
}

// MaskSecrets masks values in every log line of the returned context, as the client redacts them.
func MaskSecrets(ctx context.Context, values ...string) context.Context {
	return newMasks(values...).apply(ctx)
}

type masks struct {
	long  []string
	short []*regexp.Regexp
}

func newMasks(values ...string) masks {
	var m masks
	for _, v := range values {
		switch {
		case v == "":
		case len(v) < client.ShortSecretLength:
			for _, form := range client.SecretForms(v) {
				m.short = append(m.short, client.WholeTokenPattern(form))
			}
		default:
			m.long = append(m.long, client.SecretForms(v)...)
		}
	}
	return m
}

func (m masks) apply(ctx context.Context) context.Context {
	ctx = tflog.MaskAllFieldValuesStrings(ctx, m.long...)
	ctx = tflog.MaskMessageStrings(ctx, m.long...)
	ctx = tflog.MaskAllFieldValuesRegexes(ctx, m.short...)
	return tflog.MaskMessageRegexes(ctx, m.short...)
}
