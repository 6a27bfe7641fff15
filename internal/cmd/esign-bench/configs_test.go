// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"strings"
	"testing"
)

func TestConfigs(t *testing.T) {
	s := sizes["small"]
	esign := esignConfig(s)
	for _, want := range []string{
		`count       = 200`, `count       = 400`, `"req-${count.index % 20}"`,
		`(count.index % 2 == 0 ? "signaturerequestcompleted" : "signatorysigned")`,
		`source = "esign-oss/esign"`,
	} {
		if !strings.Contains(esign, want) {
			t.Errorf("esign configuration lacks %q:\n%s", want, esign)
		}
	}
	if data := dataConfig(s); !strings.Contains(data, "count = 200") || !strings.Contains(data, "count = 400") || strings.Contains(data, "esign") {
		t.Errorf("terraform_data configuration:\n%s", data)
	}
	if s.RequestTarget() != 22 || sizes["large"].RequestTarget() != 102 {
		t.Error("request target is not 2 + entities")
	}
	if strings.Contains(esign, "exclusive") || s.Resources() != 600 {
		t.Errorf("the small size has an exclusive resource, or %d resources:\n%s", s.Resources(), esign)
	}
}

// The large configuration has one exclusive resource owning every
// subscription; the floor's and terraform_data's have one resource in its
// place, so that every configuration has as many resources.
func TestLargeConfigsOwnEverySubscription(t *testing.T) {
	s := sizes["large"]
	if s.Resources() != 5001 {
		t.Errorf("large: %d resources, want 5001", s.Resources())
	}
	for _, c := range []struct{ name, text, want string }{
		{"esign", esignConfig(s), `resource "esign_webhook_subscriptions_exclusive" "all" {
  subscription_ids = esign_webhook_subscription.s[*].id
}`},
		{"floor", floorConfig(s), `resource "floor_webhook_subscriptions_exclusive" "all" {
  subscription_ids = floor_webhook_subscription.s[*].id
}`},
		{"terraform_data", dataConfig(s), `resource "terraform_data" "all" {
  input = terraform_data.s[*].id
}`},
	} {
		if !strings.Contains(c.text, c.want) || strings.Count(c.text, "resource \"") != 3 {
			t.Errorf("%s configuration lacks its third resource %q:\n%s", c.name, c.want, c.text)
		}
	}
}

// The floor's configuration is the esign one with the floor's names: the
// same blocks, counts and attributes, so only the provider differs.
func TestFloorConfig(t *testing.T) {
	for _, s := range sizes {
		esign, floor := esignConfig(s), floorConfig(s)
		if strings.Contains(floor, "esign_") || !strings.Contains(floor, `source = "esign-oss/floor"`) || !strings.Contains(floor, `provider "floor" {}`) {
			t.Errorf("%s: floor configuration:\n%s", s.Name, floor)
		}
		if got := strings.NewReplacer("floor", "esign").Replace(floor); got != esign {
			t.Errorf("%s: the floor configuration differs from the esign one by more than its names:\n%s\n---\n%s", s.Name, floor, esign)
		}
	}
	rc := floorCLIConfig("/tmp/plugins")
	if !strings.Contains(rc, `"registry.terraform.io/esign-oss/floor" = "/tmp/plugins"`) || !strings.Contains(rc, "direct {}") {
		t.Errorf("floor CLI configuration:\n%s", rc)
	}
}

func TestQueryConfigs(t *testing.T) {
	mainTF, query := queryConfigs(sizes["large"])
	if !strings.Contains(mainTF, `provider "esign" {}`) || strings.Contains(mainTF, "resource") {
		t.Errorf("main.tf:\n%s", mainTF)
	}
	if !strings.Contains(query, `list "esign_webhook_subscription" "all"`) || !strings.Contains(query, "limit    = 1000") {
		t.Errorf("query file:\n%s", query)
	}
}

func TestVersionAtLeast(t *testing.T) {
	for v, want := range map[string]bool{"1.15.9": true, "1.14.0": true, "1.11.4": false, "1.6.3-dev": false, "2.0.0": true, "garbage": false} {
		if got := versionAtLeast(v, 1, 14); got != want {
			t.Errorf("versionAtLeast(%q, 1, 14) = %v, want %v", v, got, want)
		}
	}
}
