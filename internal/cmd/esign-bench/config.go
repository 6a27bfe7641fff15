// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import "fmt"

// size is one generated configuration: subscriptions, metadata entries on entities and, with exclusive, one
// esign_webhook_subscriptions_exclusive owning every subscription.
type size struct {
	name                             string
	subscriptions, entries, entities int
	exclusive                        bool
}

var sizes = map[string]size{
	"small": {"small", 200, 400, 20, false},
	"large": {"large", 1000, 4000, 100, true},
	"tiny":  {"tiny", 10, 20, 2, false}, // a smoke test of the tool
}

func (s size) String() string {
	text := fmt.Sprintf("%d subscriptions, %d metadata entries on %d entities", s.subscriptions, s.entries, s.entities)
	if s.exclusive {
		text += ", one esign_webhook_subscriptions_exclusive owning every subscription"
	}
	return text
}

// providerBlock has no settings: the base URL and credentials come from the environment.
const providerBlock = `terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

provider "esign" {}
`

// config is what both the provider and the floor apply, plan and destroy.
func (s size) config() string {
	text := providerBlock + fmt.Sprintf(`
resource "esign_webhook_subscription" "s" {
  count       = %d
  event_type  = (count.index %% 2 == 0 ? "signaturerequestcompleted" : "signatorysigned")
  uri         = "https://hooks.example.com/${count.index}"
  description = "bench ${count.index}"
}

resource "esign_metadata_entry" "m" {
  count       = %d
  entity_type = "SignatureRequest"
  entity_id   = "req-${count.index %% %d}"
  key         = "k-${count.index}"
  value       = "v-${count.index}"
}
`, s.subscriptions, s.entries, s.entities)
	if s.exclusive {
		text += `
resource "esign_webhook_subscriptions_exclusive" "all" {
  subscription_ids = esign_webhook_subscription.s[*].id
}
`
	}
	return text
}

// queryFile lists every subscription in one list block.
func (s size) queryFile() string {
	return fmt.Sprintf("list \"esign_webhook_subscription\" \"all\" {\n  provider = esign\n  limit    = %d\n}\n", s.subscriptions)
}
