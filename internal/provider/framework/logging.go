package framework

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ClientLogger sends the API client's request events to Terraform's log,
// masking the credentials (secrets) as a second line of defence (the client
// already leaves them out).
func ClientLogger(secrets ...string) client.Logger {
	return tflogLogger{secrets: secrets}
}

type tflogLogger struct {
	secrets []string
}

func (l tflogLogger) Debug(ctx context.Context, msg string, fields map[string]any) {
	tflog.Debug(MaskSecrets(ctx, l.secrets...), msg, fields)
}

// MaskSecrets masks values in the messages and fields of every log line
// written with the returned context, the way the API client redacts them:
// a value of client.ShortSecretLength or more wherever it occurs, a shorter
// one only as a whole token (so that a header value "1" does not mask every
// digit of every line).
func MaskSecrets(ctx context.Context, values ...string) context.Context {
	var long []string
	var short []*regexp.Regexp
	for _, v := range values {
		switch {
		case v == "":
		case len(v) < client.ShortSecretLength:
			short = append(short, client.WholeTokenPattern(v))
		default:
			long = append(long, v)
		}
	}
	ctx = tflog.MaskAllFieldValuesStrings(ctx, long...)
	ctx = tflog.MaskMessageStrings(ctx, long...)
	ctx = tflog.MaskAllFieldValuesRegexes(ctx, short...)
	return tflog.MaskMessageRegexes(ctx, short...)
}
