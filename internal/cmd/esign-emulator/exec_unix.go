// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"unsafe"
)

// ignoreBrokenPipes: a write to a pipe whose reader went away fails with EPIPE instead of ending the process.
func ignoreBrokenPipes() {
	signal.Ignore(syscall.SIGPIPE)
}

// sentByTerminal tells whether sig is a Ctrl-C that the controlling terminal sent to exec's process group,
// which holds the command too: passed on, it would reach the command twice, and Terraform reads a second
// interrupt as "exit at once", without cleaning up.
func sentByTerminal(sig os.Signal) bool {
	if sig != os.Interrupt {
		return false
	}
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return false // no controlling terminal
	}
	defer func() { _ = tty.Close() }()
	var foreground int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), syscall.TIOCGPGRP, uintptr(unsafe.Pointer(&foreground))) //nolint:gosec // tcgetpgrp, which syscall lacks
	return errno == 0 && int(foreground) == syscall.Getpgrp()
}
