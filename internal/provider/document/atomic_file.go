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

// defaultFileMode is the mode of a new document: it may hold personal data.
const defaultFileMode fs.FileMode = 0o600

// createAtomicFile's mode is perm, else that of the regular file at dest, else 0600.
func createAtomicFile(dest string, perm *fs.FileMode) (*atomicFile, error) {
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
	mode := defaultFileMode
	// Lstat: a symlink planted at dest lends no mode (rename replaces it).
	if info, err := os.Lstat(dest); err == nil {
		if info.IsDir() {
			return nil, fmt.Errorf("output_path %q is a folder; give the path of a file", dest)
		}
		if info.Mode().IsRegular() {
			mode = info.Mode().Perm()
		}
	}
	if perm != nil {
		mode = *perm
	}

	// CreateTemp opens a new file (O_EXCL) with mode 0600; the mode is set on
	// the open file, before any byte is written, and is not subject to the umask.
	f, err := os.CreateTemp(dir, "."+filepath.Base(dest)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("output_path %q: creating a temporary file in %q: %w", dest, dir, err)
	}
	a := &atomicFile{File: f, dest: dest}
	if err := f.Chmod(mode); err != nil {
		a.Discard()
		return nil, fmt.Errorf("output_path %q: setting mode %04o: %w", dest, mode, err)
	}
	return a, nil
}

func (a *atomicFile) Commit() error {
	if err := a.Sync(); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	if err := a.Close(); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	if err := os.Rename(a.Name(), a.dest); err != nil {
		return fmt.Errorf("output_path %q: %w", a.dest, err)
	}
	a.committed = true
	return nil
}

// Discard is safe to call after Commit.
func (a *atomicFile) Discard() {
	if a.committed {
		return
	}
	_ = a.Close()
	_ = os.Remove(a.Name())
}
