// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"
	"time"
)

// A CA certificate reads the same with LF or CRLF line ends, and whatever white space ends it (a file read by
// $(...) or file() may lose its last line end, and leave the CR of a CRLF).
func TestParseCACertsAnyLineEnds(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	lf := strings.TrimSpace(string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})))
	for _, lineEnd := range []string{"\n", "\r\n"} {
		for _, ending := range []string{"", "\n", "\r", "\r\n", " \n", "\n\n"} {
			text := strings.ReplaceAll(lf, "\n", lineEnd) + ending
			certs, err := parseCACerts(text)
			if err != nil || len(certs) != 1 {
				t.Errorf("line end %q, ending %q: %d certificates, %v", lineEnd, ending, len(certs), err)
			}
		}
	}
}
