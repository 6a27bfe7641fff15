// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var (
	_ action.ActionWithConfigure  = (*testEventAction)(nil)
	_ action.ActionWithModifyPlan = (*testEventAction)(nil)
)

// TestEventHeader marks a test event, so that a receiver can tell it from a real one without a field its payload
// parser does not know.
const TestEventHeader = "X-Esign-Test-Event"

// NewTestEventAction is the esign_webhook_test_event action.
func NewTestEventAction() action.Action {
	return &testEventAction{framework.NewActionBase("_webhook_test_event", testEventSchema)}
}

type testEventAction struct{ framework.ActionBase }

type testEventModel struct {
	URI                types.String `tfsdk:"uri"`
	EventType          types.String `tfsdk:"event_type"`
	Headers            types.Map    `tfsdk:"headers"`
	SignatureRequestID types.String `tfsdk:"signature_request_id"`
	SignatoryID        types.String `tfsdk:"signatory_id"`
	CACertPEM          types.String `tfsdk:"ca_cert_pem"`
}

var testEventSchema = schema.Schema{
	MarkdownDescription: "Sends one test event to a webhook receiver, as the service would send it: one HTTPS `POST` to `uri` with `headers` and the JSON payload of `event_type`, marked with the header `" + TestEventHeader + ": true`. " +
		"Nothing is written to the service.",
	Attributes: map[string]schema.Attribute{
		"uri": schema.StringAttribute{
			MarkdownDescription: "Absolute `https://` URL of the receiver. A redirect is not followed (the headers go to `uri` only): it fails the action.",
			Required:            true,
			Validators:          []validator.String{validators.WebhookURI()},
		},
		"event_type": schema.StringAttribute{
			MarkdownDescription: "The event to send, in any case, e.g. `SignatureRequestCompleted`. " +
				"Must be one of the types `GET /hooks/v1` returns; this is checked before anything is sent.",
			Required:   true,
			Validators: []validator.String{validators.EventTypeName()},
		},
		"headers": schema.MapAttribute{
			MarkdownDescription: "HTTP headers sent with the event, as a subscription's `headers` are, with the same rules. " +
				"A provider cannot mark an action's attribute sensitive (nor, with terraform-plugin-framework v1.19, write-only): take the values from a sensitive source, such as the subscription's `headers` or a sensitive variable, and Terraform hides them in its output. " +
				"Their values never appear in the provider's errors or logs.",
			Optional:    true,
			ElementType: types.StringType,
			Validators:  headerRules,
		},
		"signature_request_id": schema.StringAttribute{
			MarkdownDescription: "`EventData.SignatureRequestId` of the payload. Defaults to a random GUID for each invocation.",
			Optional:            true,
			Validators:          []validator.String{validators.GUID()},
		},
		"signatory_id": schema.StringAttribute{
			MarkdownDescription: "`EventData.SignatoryId`, for event types whose payload has it (`signatorysigned`). " +
				"Defaults to a random GUID for each invocation.",
			Optional:   true,
			Validators: []validator.String{validators.GUID()},
		},
		"ca_cert_pem": schema.StringAttribute{
			MarkdownDescription: "One or more PEM certificates (`-----BEGIN CERTIFICATE-----` blocks) trusted for the receiver besides the system's trust store, " +
				"e.g. `file(\"${path.module}/receiver-ca.pem\")` for a receiver whose certificate a private authority signed. " +
				"Every block must be a certificate that parses; this is checked before anything is sent. " +
				"`SSL_CERT_FILE` works too (Linux and other Unix systems), for every HTTPS connection of the provider: the action's page says when to use which.",
			Optional:   true,
			Validators: []validator.String{caCertsRule{}},
		},
	},
}

// caCertsRule checks ca_cert_pem at validation; a value read from a data source is known only at plan, one read
// from a resource only when the action runs, so ModifyPlan and Invoke check it again.
type caCertsRule struct{}

func (caCertsRule) Description(context.Context) string {
	return "must hold one or more PEM certificates, each of which parses"
}

func (r caCertsRule) MarkdownDescription(ctx context.Context) string { return r.Description(ctx) }

func (caCertsRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	checkCACerts(req.Path, req.ConfigValue, &resp.Diagnostics)
}

// checkCACerts answers the certificates of a known value, and none of a null or unknown one.
func checkCACerts(p path.Path, value types.String, diags *diag.Diagnostics) []*x509.Certificate {
	if value.IsNull() || value.IsUnknown() {
		return nil
	}
	certs, err := parseCACerts(value.ValueString())
	if err != nil {
		diags.AddAttributeError(p, "Invalid CA certificate", fmt.Sprintf("%s %s.", p, err))
	}
	return certs
}

// parseCACerts reads PEM certificates. A block that does not decode is an error, not skipped as pem.Decode
// skips it: a bundle that lost a line would otherwise trust fewer certificates than it shows.
func parseCACerts(text string) ([]*x509.Certificate, error) {
	// pem.Decode needs a line end after the last line: a value read from a file by $(...) or file() may lose it,
	// after a CR left from CRLF line ends.
	text = strings.TrimRight(text, " \t\r\n") + "\n"
	var certs []*x509.Certificate
	rest := []byte(text)
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			return nil, fmt.Errorf("holds a PEM block of type %q where only CERTIFICATE blocks belong", block.Type)
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("holds a certificate that does not parse (block %d): %w", len(certs)+1, err)
		}
		certs = append(certs, cert)
	}
	blocks := strings.Count(text, "-----BEGIN ")
	switch {
	case blocks == 0:
		return nil, errors.New("holds no PEM certificate (a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----)")
	case len(certs) < blocks:
		return nil, fmt.Errorf("holds %d PEM blocks, of which %d decode: a line is missing or changed", blocks, len(certs))
	}
	return certs, nil
}

// ModifyPlan checks the event type and ca_cert_pem at plan time whenever they are known.
func (a *testEventAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	var caCertPEM types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("ca_cert_pem"), &caCertPEM)...)
	checkCACerts(path.Root("ca_cert_pem"), caCertPEM, &resp.Diagnostics)
	var uri types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("uri"), &uri)...)
	checkReceiverURI(uri, &resp.Diagnostics)
	var eventType types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("event_type"), &eventType)...)
	if !eventType.IsUnknown() && !resp.Diagnostics.HasError() {
		checkEventTypes(ctx, a.ProviderData, path.Root("event_type"), []string{eventType.ValueString()}, &resp.Diagnostics)
	}
}

func (a *testEventAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var m testEventModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	headers := stringMap(ctx, m.Headers, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	caCerts := checkCACerts(path.Root("ca_cert_pem"), m.CACertPEM, &resp.Diagnostics)
	checkReceiverURI(m.URI, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := client.CheckHeaders(headers); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("headers"), "Invalid header", err.Error())
		return
	}
	addSecrets(a.Client, headers, m.URI.ValueString())
	hooks := checkEventTypes(ctx, a.ProviderData, path.Root("event_type"), []string{m.EventType.ValueString()}, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	hook := hooks[0]
	ids := map[string]string{
		"SignatureRequestId": m.SignatureRequestID.ValueString(),
		"SignatoryId":        m.SignatoryID.ValueString(),
		"TenantId":           a.Client.LoginTenantID(),
	}
	payload, err := testEventPayload(hook, ids)
	if err != nil {
		resp.Diagnostics.AddError("Cannot build the test event", err.Error())
		return
	}
	target, _ := url.Parse(m.URI.ValueString()) // the schema validator has parsed it
	start := time.Now()
	status, body, err := a.send(ctx, target, headers, payload, caCerts)
	if err != nil {
		detail := fmt.Sprintf("POST to %s failed: %s", target.Host, a.Client.Redact(err.Error()))
		if errors.Is(err, context.DeadlineExceeded) {
			detail += fmt.Sprintf(" (request_timeout %s)", a.Client.RequestTimeout())
		}
		var unknownAuthority x509.UnknownAuthorityError
		if errors.As(err, &unknownAuthority) {
			detail += ". If a private authority signed the receiver's certificate, give its certificate in ca_cert_pem."
		}
		resp.Diagnostics.AddAttributeError(path.Root("uri"), "Could not send the test event", detail)
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{
		Message: fmt.Sprintf("%s test event: %s answered %s in %s", hook.EventType, target.Host, status, time.Since(start).Round(time.Millisecond)),
	})
	if !strings.HasPrefix(status, "2") {
		detail := fmt.Sprintf("The receiver at %s answered %s to the %s test event.", target.Host, status, hook.EventType)
		if body != "" {
			detail += " Its answer began: " + a.Client.Redact(body)
		}
		resp.Diagnostics.AddAttributeError(path.Root("uri"), "The receiver refused the test event", detail)
	}
}

// send POSTs with a client of its own: none of the API client's credentials, no redirect followed (the
// headers go to target only), and caCerts trusted besides the system's roots. It answers the status and the
// start of the body.
func (a *testEventAction) send(ctx context.Context, target *url.URL, headers map[string]string, payload []byte, caCerts []*x509.Certificate) (status, body string, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target.String(), bytes.NewReader(payload))
	if err != nil {
		return "", "", err
	}
	for name, value := range headers {
		req.Header.Set(name, value)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(TestEventHeader, "true")
	receiver := client.NewNoRedirectClient(a.Client.RequestTimeout(), caCerts...)
	resp, err := receiver.Do(req)
	if err != nil {
		return "", "", err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	status = client.StatusText(resp.StatusCode) // the peer's reason phrase is its own words: not shown
	if loc := resp.Header.Get("Location"); resp.StatusCode/100 == 3 && loc != "" {
		if u, err := url.Parse(loc); err == nil && u.Host != "" {
			status += fmt.Sprintf(" (a redirect to %s, not followed so that the headers go nowhere else)",
				a.Client.RedactURI(u.Scheme+"://"+u.Host))
		}
	}
	return status, string(raw), nil
}

// testEventPayload fills in every field of the hook's payloadSchema, so a field the service adds is sent too:
// the event type, the time for date fields, and ids (or random GUIDs) for guid fields.
func testEventPayload(hook client.Hook, ids map[string]string) ([]byte, error) {
	var fields map[string]any
	if err := json.Unmarshal(hook.PayloadSchema, &fields); err != nil {
		return nil, fmt.Errorf("GET /hooks/v1 describes the payload of %s with something other than a JSON object: %w", hook.EventType, err)
	}
	var fill func(map[string]any)
	fill = func(fields map[string]any) {
		for name, kind := range fields {
			kindName, _ := kind.(string)
			switch nested, isObject := kind.(map[string]any); {
			case isObject:
				fill(nested)
			case name == "EventType":
				fields[name] = hook.EventType
			case strings.EqualFold(kindName, "date"):
				fields[name] = time.Now().UTC().Format("2006-01-02T15:04:05") // ISO 8601, no zone designator
			case strings.EqualFold(kindName, "guid"):
				fields[name] = cmp.Or(ids[name], newGUID())
			default:
				fields[name] = ""
			}
		}
	}
	fill(fields)
	return json.Marshal(fields)
}

func newGUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// checkReceiverURI runs the uri's schema rule where Terraform did not (an action's configuration is not validated
// again at plan, and a value may be known only when the action runs): the headers go to an https:// receiver only.
func checkReceiverURI(uri types.String, diags *diag.Diagnostics) {
	if uri.IsNull() || uri.IsUnknown() {
		return
	}
	err := validators.CheckWebhookURI(uri.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("uri"), "Invalid webhook URI", "uri "+err.Error())
	}
}
