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
}

var sizes = map[string]size{
	"small": {Name: "small", Subscriptions: 200, Entries: 400, Entities: 20},
	"large": {Name: "large", Subscriptions: 1000, Entries: 4000, Entities: 100},
	// tiny is a smoke test of the tool itself, not a benchmark.
	"tiny": {Name: "tiny", Subscriptions: 10, Entries: 20, Entities: 2},
}

func (s size) String() string {
	return fmt.Sprintf("%d / %d / %d", s.Subscriptions, s.Entries, s.Entities)
}

// Resources is how many resources the configuration declares.
func (s size) Resources() int { return s.Subscriptions + s.Entries }

// RequestTarget is the request budget of one refreshing plan (DESIGN.md,
// "Request economy"): one GET /hooks/v1 for the plan-time event type check,
// one subscription list, one list per entity.
func (s size) RequestTarget() int { return 2 + s.Entities }

// esignConfig is the provider configuration under test. The provider block
// is empty: base URL and credentials come from the environment.
func esignConfig(s size) string {
	return fmt.Sprintf(`terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

provider "esign" {}

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
`, s.Subscriptions, s.Entries, s.Entities)
}

// dataConfig is the baseline: as many terraform_data resources, served by
// Terraform's built-in provider (no plugin process, no network), in blocks
// of the same counts as the esign configuration. Terraform's own cost per
// instance grows with the size of its block, so one block of all resources
// would be a slower, unfair baseline at the large size.
func dataConfig(s size) string {
	return fmt.Sprintf(`resource "terraform_data" "s" {
  count = %d
  input = "s-${count.index}"
}

resource "terraform_data" "m" {
  count = %d
  input = "m-${count.index}"
}
`, s.Subscriptions, s.Entries)
}

func writeConfig(dir, text string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.tf"), []byte(text), 0o600)
}
