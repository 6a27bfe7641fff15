// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import "os"

// sentByTerminal is false: a console's Ctrl-C reaches every process attached to it, the command too, and
// exec cannot send one (os.Process.Signal fails there); SIGTERM is no Windows signal either.
func sentByTerminal(os.Signal) bool { return false }

// ignoreBrokenPipes: Windows ends no process for writing to a closed pipe.
func ignoreBrokenPipes() {}
