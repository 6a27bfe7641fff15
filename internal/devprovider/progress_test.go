// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package devprovider

import (
	"strings"
	"testing"
	"time"
)

// go build -v output becomes counts; what is not a package or a download
// (a compiler error) is shown as it comes, whatever the write boundaries.
func TestProgressCountsPackagesAndPassesTheRest(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out)
	for _, chunk := range []string{
		"go: downloading google.golang.org/grpc v1.79.3\n",
		"github.com/hashicorp/go-hclog\nint", "ernal/abi\n",
		"# github.com/esign-oss/terraform-provider-esign/internal/client\n",
		"internal/client/client.go:12:2: undefined: nope",
	} {
		if _, err := p.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	p.report()
	p.finish(nil)

	got := out.String()
	for _, want := range []string{
		"# github.com/esign-oss/terraform-provider-esign/internal/client\n",
		"internal/client/client.go:12:2: undefined: nope\n",
		": 2 packages compiled, 1 module downloaded (latest: internal/abi)\n",
		"    done in ",
		" (2 packages compiled)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, counted := range []string{"go-hclog\n", "go: downloading"} {
		if strings.Contains(got, counted) {
			t.Errorf("output shows %q, which should only be counted:\n%s", counted, got)
		}
	}
}

func TestProgressOfABuildFromCache(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out)
	p.report() // a long link
	p.finish(nil)
	if got := out.String(); !strings.Contains(got, ": no package compiled yet (") || !strings.Contains(got, "nothing to compile") {
		t.Errorf("a build with no package compiled says:\n%s", got)
	}
}

// While a build runs, a line comes every interval, so a long build is never silent.
func TestProgressReportsWhileRunning(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { p.reportEvery(10*time.Millisecond, stop); close(done) }()
	_, _ = p.Write([]byte("net/http\n"))
	deadline := time.Now().Add(5 * time.Second)
	// Every write to out happens under p.mu, so the test reads it so too.
	written := func() string { p.mu.Lock(); defer p.mu.Unlock(); return out.String() }
	for strings.Count(written(), "package compiled") < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	<-done
	if n := strings.Count(out.String(), "1 package compiled (latest: net/http)"); n < 2 {
		t.Errorf("%d progress reports in:\n%s", n, out.String())
	}
}
