// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync/atomic"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Ids of the demo's signature request and its parts. The interface document
// leaves creating requests and uploading documents out, so the demo invents
// them; the emulator accepts metadata for any id.
const (
	demoSignatureRequestID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	demoSignatoryID        = "9a0c2b6e-2f1d-4c3a-8e5b-1d2c3b4a5f60"
	demoDocumentID         = "4b3a2c1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0"
	demoBlobConnectionID   = "blob-7c9e6679-contract"
)

// demoDocument stands in for a signed PDF.
var demoDocument = []byte("%PDF-1.7\n% esign demo: a signed contract\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")

type demoService struct {
	emu    *emulator.Emulator
	url    string
	tenant emulator.Tenant
	// live switches the emulator's log on (each request and delivery), once
	// the demo itself is done and the user explores: during the demo it
	// would drown terraform's output.
	live atomic.Bool
}

func startEmulator(r *receiver) (*demoService, error) {
	tenant := emulator.DevTenant()
	s := &demoService{tenant: tenant}
	emu, err := emulator.New(emulator.Options{
		Tenants:        []emulator.Tenant{tenant},
		DeliveryClient: r.TrustingClient(),
		Logf: func(format string, args ...any) {
			if s.live.Load() {
				fmt.Printf("emulator: "+format+"\n", args...)
			}
		},
	})
	if err != nil {
		return nil, err
	}
	url, err := emu.Start("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	emu.PutDocument(tenant.SubscriptionKey, demoBlobConnectionID, demoDocument)
	sum := sha256.Sum256(demoDocument)
	fmt.Printf("stored document %s in the emulator (%d bytes, sha256 %s)\n", demoBlobConnectionID, len(demoDocument), hex.EncodeToString(sum[:]))
	s.emu, s.url = emu, url
	return s, nil
}

func (s *demoService) simulateSigning() error {
	ev := emulator.Event{SignatureRequestID: demoSignatureRequestID, SignatoryID: demoSignatoryID}
	for _, fire := range []func(string, emulator.Event) ([]emulator.Delivery, error){
		s.emu.SimulateSignatorySigned, s.emu.SimulateRequestCompleted,
	} {
		deliveries, err := fire(s.tenant.SubscriptionKey, ev)
		if err != nil {
			return err
		}
		for _, d := range deliveries {
			status := fmt.Sprint(d.StatusCode)
			if d.Error != "" {
				status = d.Error
			}
			fmt.Printf("emulator delivered %-26s to %s: %s\n", d.EventType, d.URI, status)
		}
	}
	return nil
}

func (s *demoService) Close() { _ = s.emu.Close() }
