// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// size is one benchmark configuration.
type size struct {
	Name          string
	Subscriptions int
	Entries       int
	Entities      int
	// Exclusive adds one esign_webhook_subscriptions_exclusive resource
	// owning every subscription of the configuration.
	Exclusive bool
}

var sizes = map[string]size{
	"small": {Name: "small", Subscriptions: 200, Entries: 400, Entities: 20},
	"large": {Name: "large", Subscriptions: 1000, Entries: 4000, Entities: 100, Exclusive: true},
	// tiny is a smoke test of the tool itself, not a benchmark.
	"tiny": {Name: "tiny", Subscriptions: 10, Entries: 20, Entities: 2},
}

func (s size) String() string {
	if s.Exclusive {
		return fmt.Sprintf("%d / %d / %d + 1 exclusive", s.Subscriptions, s.Entries, s.Entities)
	}
	return fmt.Sprintf("%d / %d / %d", s.Subscriptions, s.Entries, s.Entities)
}

// describe says what the configuration declares, in words.
func (s size) describe() string {
	text := fmt.Sprintf("%d subscriptions, %d metadata entries on %d entities", s.Subscriptions, s.Entries, s.Entities)
	if s.Exclusive {
		text += ", one esign_webhook_subscriptions_exclusive owning every subscription"
	}
	return text
}

// Resources is how many resources the configuration declares.
func (s size) Resources() int {
	n := s.Subscriptions + s.Entries
	if s.Exclusive {
		n++
	}
	return n
}

// RequestTarget is one refreshing plan's request budget: GET /hooks/v1, the subscription list (which the
// exclusive resource shares) and one list per entity.
func (s size) RequestTarget() int { return 2 + s.Entities }

// esignConfig is the provider configuration under test. The provider block
// is empty: base URL and credentials come from the environment.
func esignConfig(s size) string { return pluginConfig("esign", s) }

// floorConfig is the same configuration for the floor (see floor.go): the
// same attributes in blocks of the same counts, served by floor-provider.
func floorConfig(s size) string { return pluginConfig("floor", s) }

// pluginConfig is the configuration of esign or the floor: counted blocks of subscriptions and entries, and
// with Exclusive one exclusive resource owning every subscription.
func pluginConfig(provider string, s size) string {
	text := fmt.Sprintf(`terraform {
  required_providers {
    %[1]s = {
      source = "esign-oss/%[1]s"
    }
  }
}

provider "%[1]s" {}

resource "%[1]s_webhook_subscription" "s" {
  count       = %[2]d
  event_type  = (count.index %% 2 == 0 ? "signaturerequestcompleted" : "signatorysigned")
  uri         = "https://hooks.example.com/${count.index}"
  description = "bench ${count.index}"
}

resource "%[1]s_metadata_entry" "m" {
  count       = %[3]d
  entity_type = "SignatureRequest"
  entity_id   = "req-${count.index %% %[4]d}"
  key         = "k-${count.index}"
  value       = "v-${count.index}"
}
`, provider, s.Subscriptions, s.Entries, s.Entities)
	if s.Exclusive {
		text += fmt.Sprintf(`
resource "%[1]s_webhook_subscriptions_exclusive" "all" {
  subscription_ids = %[1]s_webhook_subscription.s[*].id
}
`, provider)
	}
	return text
}

// dataConfig is Terraform's own cost: as many terraform_data resources, in blocks of the same counts (its cost
// per instance grows with the block's size, so one block would be an unfair baseline).
func dataConfig(s size) string {
	text := fmt.Sprintf(`resource "terraform_data" "s" {
  count = %d
  input = "s-${count.index}"
}

resource "terraform_data" "m" {
  count = %d
  input = "m-${count.index}"
}
`, s.Subscriptions, s.Entries)
	if s.Exclusive {
		text += `
resource "terraform_data" "all" {
  input = terraform_data.s[*].id
}
`
	}
	return text
}

func writeConfig(dir, text string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.tf"), []byte(text), 0o600)
}
