// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package devprovider

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"
)

// progressInterval is how often a running build says how far it got.
const progressInterval = 15 * time.Second

// progress turns the output of `go build -v` into a few lines a person can
// follow. With -v, go prints the path of each package it compiles, and only
// those (packages from the build cache are not printed): a first build
// prints hundreds, a warm one none. progress counts them, and the modules go
// downloads, and every progressInterval reports the counts; every other line
// (a compiler error, a warning) goes to out as it comes.
type progress struct {
	out     io.Writer
	started time.Time

	mu       sync.Mutex
	partial  []byte // a line not yet ended
	packages int
	modules  int
	latest   string
}

// packageLine is a line of go -v: an import path alone.
var packageLine = regexp.MustCompile(`^[A-Za-z0-9_.~+-]+(/[A-Za-z0-9_.~+-]+)*$`)

func newProgress(out io.Writer) *progress {
	return &progress{out: out, started: time.Now()}
}

// Write takes the build's output, in pieces of any size.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.line(string(p.partial[:i]))
		p.partial = p.partial[i+1:]
	}
}

func (p *progress) line(l string) {
	switch {
	case strings.HasPrefix(l, "go: downloading "):
		p.modules++
	case packageLine.MatchString(l):
		p.packages++
		p.latest = l
	default:
		_, _ = fmt.Fprintln(p.out, l)
	}
}

// report says how far the build got.
func (p *progress) report() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.packages == 0 && p.modules == 0 {
		_, _ = fmt.Fprintf(p.out, "    %s: no package compiled yet (go is reading its build cache, or linking)\n", since(p.started))
		return
	}
	line := fmt.Sprintf("    %s: %s compiled", since(p.started), count(p.packages, "package"))
	if p.modules > 0 {
		line += ", " + count(p.modules, "module") + " downloaded"
	}
	if p.latest != "" {
		line += " (latest: " + p.latest + ")"
	}
	_, _ = fmt.Fprintln(p.out, line)
}

// reportEvery reports every interval until stop is closed.
func (p *progress) reportEvery(interval time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.report()
		}
	}
}

// finish passes on an unended last line and says how the build ended.
func (p *progress) finish(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.partial) > 0 {
		p.line(string(p.partial))
		p.partial = nil
	}
	switch {
	case err != nil:
		_, _ = fmt.Fprintf(p.out, "    failed after %s\n", since(p.started))
	case p.packages == 0:
		_, _ = fmt.Fprintf(p.out, "    done in %s (nothing to compile: Go's build cache had it all)\n", since(p.started))
	default:
		_, _ = fmt.Fprintf(p.out, "    done in %s (%s compiled)\n", since(p.started), count(p.packages, "package"))
	}
}

// count writes "1 package", "2 packages".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func since(t time.Time) string {
	d := time.Since(t)
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
