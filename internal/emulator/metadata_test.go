// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestMetadata(t *testing.T) {
	req, sig, doc := newGUID(), newGUID(), newGUID()
	f := newFixture(t, Options{})
	put := func(entityType, entityID, key, value, ref string) MetadataEntry {
		t.Helper()
		path := "/metadata/" + entityType + "/" + url.PathEscape(entityID) + "/" + url.PathEscape(key)
		return decode[MetadataEntry](t, f.do("PUT", path, map[string]string{"value": value, "referenceId": ref}, http.StatusOK))
	}
	if got := put("signaturerequest", req, "a", "1", ""); got != (MetadataEntry{Key: "a", Value: "1", EntityID: req, EntityType: "SignatureRequest"}) {
		t.Errorf("put answer %+v", got)
	}
	put("SignatureRequest", req, "b", "2", req)
	put("SIGNATORY", sig, "s", "3", req)
	put("document", doc, "d", "4", req)
	put("Document", newGUID(), "other", "5", newGUID())
	put("SignatureRequest", req, "a", "1b", "") // upsert keeps its place

	list := decode[metadataList](t, f.do("GET", "/metadata/SIGNATUREREQUEST/"+req, nil, http.StatusOK))
	if list.Total != 2 || len(list.Items) != 2 || list.Items[0].Key != "a" || list.Items[0].Value != "1b" || list.Items[1].Key != "b" {
		t.Errorf("entity list %+v", list)
	}
	ref := decode[metadataList](t, f.do("GET", "/metadata/"+req, nil, http.StatusOK))
	if ref.Total != 4 || ref.Items[2].EntityType != "Signatory" || ref.Items[3].EntityType != "Document" {
		t.Errorf("reference list %+v", ref)
	}
	for _, path := range []string{"/metadata/document/" + doc, "/metadata/Document/" + doc} {
		dl := decode[metadataList](t, f.do("GET", path, nil, http.StatusOK))
		if dl.Total != 1 || dl.Items[0] != (MetadataEntry{Key: "d", Value: "4", EntityID: doc, EntityType: "Document"}) {
			t.Errorf("%s: %+v", path, dl)
		}
	}

	f.do("GET", "/metadata/Signatory/"+newGUID(), nil, http.StatusNotFound)
	f.do("GET", "/metadata/"+newGUID(), nil, http.StatusNotFound)
	f.do("GET", "/metadata/document/"+newGUID(), nil, http.StatusNotFound)
	f.do("PUT", "/metadata/Envelope/x/k", map[string]string{"value": "v"}, http.StatusBadRequest)
	f.do("GET", "/metadata/Envelope/x", nil, http.StatusBadRequest)
	f.do("PUT", "/metadata/Document/x/", map[string]string{"value": "v"}, http.StatusNotFound)

	// Out-of-band drift.
	f.e.SetMetadata(f.tenant.SubscriptionKey, "signaturerequest", req, "b", "changed", "")
	if !f.e.DeleteMetadata(f.tenant.SubscriptionKey, "SignatureRequest", req, "a") {
		t.Error("DeleteMetadata found nothing")
	}
	list = decode[metadataList](t, f.do("GET", "/metadata/SignatureRequest/"+req, nil, http.StatusOK))
	if list.Total != 1 || list.Items[0].Value != "changed" {
		t.Errorf("after drift %+v", list)
	}

	// Ids and keys with reserved characters round-trip exactly through escaped path segments.
	for _, c := range []struct{ id, key string }{
		{"a/b", "k/1"},
		{"100% sure", "with space"},
		{"ünï cødé", "ключ"},
		{"..", "?x=1#frag"},
		{"a+b&c=d", "%2F"},
	} {
		path := "/metadata/Signatory/" + escapeSegment(c.id)
		got := decode[MetadataEntry](t, f.do("PUT", path+"/"+escapeSegment(c.key), map[string]string{"value": "v", "referenceId": c.id}, http.StatusOK))
		if got.EntityID != c.id || got.Key != c.key {
			t.Errorf("put %q/%q answered %q/%q", c.id, c.key, got.EntityID, got.Key)
		}
		list := decode[metadataList](t, f.do("GET", path, nil, http.StatusOK))
		if list.Total != 1 || list.Items[0].EntityID != c.id || list.Items[0].Key != c.key {
			t.Errorf("list %q: %+v", c.id, list)
		}
		ref := decode[metadataList](t, f.do("GET", "/metadata/"+escapeSegment(c.id), nil, http.StatusOK))
		if ref.Total != 1 {
			t.Errorf("reference %q: %+v", c.id, ref)
		}
	}
}

// escapeSegment is url.PathEscape plus the dot segments, which PathEscape leaves alone and any server would
// resolve as "this" and "parent" folder.
func escapeSegment(s string) string {
	if s == "." || s == ".." {
		return strings.ReplaceAll(s, ".", "%2E")
	}
	return url.PathEscape(s)
}
