package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// tflogLogger sends the API client's request events to Terraform's log,
// masking the credentials as a second line of defence (the client already
// leaves them out).
type tflogLogger struct {
	secrets []string
}

func (l tflogLogger) Debug(ctx context.Context, msg string, fields map[string]any) {
	ctx = tflog.MaskAllFieldValuesStrings(ctx, nonEmpty(l.secrets)...)
	ctx = tflog.MaskMessageStrings(ctx, nonEmpty(l.secrets)...)
	tflog.Debug(ctx, msg, fields)
}

func nonEmpty(values []string) []string {
	out := make([]string, 0, len(values))
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}
