package document

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// atomicFile writes to a temporary file beside its destination and renames
// it over the destination on Commit, so readers never see half a document.
type atomicFile struct {
	*os.File
	dest      string
	committed bool
}

// outputFileMode is the mode of a written document.
const outputFileMode fs.FileMode = 0o644

// createAtomicFile checks that dest's folder exists and is a folder, that
// dest itself is not a folder, and opens the temporary file.
func createAtomicFile(dest string) (*atomicFile, error) {
	dir := filepath.Dir(dest)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("output_path %q: its folder %q does not exist. Create the folder first; the provider does not create folders", dest, dir)
	case err != nil:
		return nil, fmt.Errorf("output_path %q: %w", dest, err)
	case !info.IsDir():
		return nil, fmt.Errorf("output_path %q: %q is not a folder", dest, dir)
	}
	if info, err := os.Stat(dest); err == nil && info.IsDir() {
		return nil, fmt.Errorf("output_path %q is a folder; give the path of a file", dest)
	}

	f, err := os.CreateTemp(dir, "."+filepath.Base(dest)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("output_path %q: creating a temporary file in %q: %w", dest, dir, err)
	}
	return &atomicFile{File: f, dest: dest}, nil
}

// Commit flushes the temporary file, gives it its final mode and renames it
// to the destination.
func (a *atomicFile) Commit() error {
	if err := a.Sync(); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	if err := a.Close(); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	// CreateTemp makes the file 0600; Chmod is not subject to the umask.
	if err := os.Chmod(a.Name(), outputFileMode); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	if err := os.Rename(a.Name(), a.dest); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	a.committed = true
	return nil
}

// Discard removes the temporary file unless it was committed; it is safe
// to call after Commit.
func (a *atomicFile) Discard() {
	if a.committed {
		return
	}
	_ = a.Close()
	_ = os.Remove(a.Name())
}
