package server

import "github.com/hashicorp/terraform-plugin-go/tfprotov6"

// ShortcutAnswers is how many refreshes the refresh shortcut of s (a server
// New made) has answered, for the external tests of this package.
func ShortcutAnswers(s tfprotov6.ProviderServer) int64 {
	return s.(protocolServer).shortcut.answered.Load()
}
