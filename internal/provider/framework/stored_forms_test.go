// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// privateData is a private state as the framework hands it: a key's value, nil when unset.
type privateData map[string][]byte

func (p privateData) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	return p[key], nil
}

func (p privateData) SetKey(_ context.Context, key string, value []byte) diag.Diagnostics {
	p[key] = value
	return nil
}

// Every sequence of what the service answers after a write, over values drawn from a few spellings: the state
// keeps the configured value exactly while the service answers what was sent or the first other form it answered
// after the write, the first such answer is learned once, and any other answer is the service's (drift), after
// which nothing is learned again until the next write.
func TestValueAfterReadLearnsOneFormPerWrite(t *testing.T) {
	spellings := []string{"v", "v ", "V"}
	var sequences [][]string
	for _, a := range spellings {
		for _, b := range spellings {
			for _, c := range spellings {
				sequences = append(sequences, []string{a, b, c})
			}
		}
	}
	for _, answers := range sequences {
		t.Run(fmt.Sprint(answers), func(t *testing.T) {
			ctx := context.Background()
			private := privateData{}
			var diags diag.Diagnostics
			written := []Written{{Attribute: "value", Sent: "v", FirstReadTells: true}}
			RecordWritten(ctx, private, written, &diags)
			inState := "v"
			learned := ""
			drifted := false
			for i, onService := range answers {
				kept := ValueAfterRead(ctx, private, "value", inState, onService, &diags)
				wantValue := onService
				wantLearned := false
				switch {
				case drifted:
				case onService == inState:
				case learned == "":
					wantValue = inState
					wantLearned = true
					learned = onService
				case onService == learned:
					wantValue = inState
				default:
					drifted = true
				}
				if kept.Value != wantValue || kept.Learned != wantLearned {
					t.Fatalf("read %d (%q, state %q): kept %+v, want %q learned %t", i, onService, inState, kept, wantValue, wantLearned)
				}
				if kept.Value != inState {
					drifted = true
				}
				inState = kept.Value
			}
			if diags.HasError() {
				t.Fatal(diags)
			}
		})
	}
}

// A form the write's answer told is kept, and the first Read learns nothing else: any other answer is drift.
func TestValueAfterReadKeepsTheAnsweredForm(t *testing.T) {
	ctx := context.Background()
	var diags diag.Diagnostics
	private := privateData{}
	RecordWritten(ctx, private, []Written{{Attribute: "value", Sent: "v ", Stored: "v"}}, &diags)
	kept := ValueAfterRead(ctx, private, "value", "v ", "v", &diags)
	if kept.Value != "v " || kept.Learned {
		t.Errorf("the answered form: kept %+v", kept)
	}
	kept = ValueAfterRead(ctx, private, "value", "v ", "changed", &diags)
	if kept.Value != "changed" || kept.Learned {
		t.Errorf("a change made outside Terraform: kept %+v", kept)
	}
}

// Without a write, a Read learns nothing: the service's value is the state's.
func TestValueAfterReadWithoutAWrite(t *testing.T) {
	var diags diag.Diagnostics
	kept := ValueAfterRead(context.Background(), privateData{}, "value", "v", "v ", &diags)
	if kept.Value != "v " || kept.Learned {
		t.Errorf("kept %+v without a write", kept)
	}
}
