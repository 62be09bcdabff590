// Package outfile writes the files puzbot is asked to write (capture -o,
// render -o, ...) without harming anything that is not puzbot's own.
//
// Like cp and install, it replaces only regular files: a FIFO, a device, a
// socket, a directory or a symbolic link at the path is refused, with its
// kind in the message, and is left as it was. It never opens a path that
// exists: a new file is created exclusively (O_EXCL, which also refuses to
// follow a symbolic link), and a regular file is replaced by renaming a
// finished temporary file from the same folder over it, so that the path
// holds either the old contents or the new ones, and opening an output can
// never block (as opening a FIFO for writing does until a reader comes).
//
// The path "-" means standard output, everywhere.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Stdout is the output path that means standard output.
const Stdout = "-"

// ErrNotRegular is what the error for a path that exists and is not a
// regular file matches with errors.Is. Commands exit with the usage status
// for it.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is the error for a path that exists and is not a regular
// file.
type NotRegularError struct {
	Path string
	Kind string // "a FIFO", "a symbolic link", "a character device", ...
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: puzbot writes only new or regular files", e.Path, e.Kind)
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// Options say how Write treats an existing file and "-".
type Options struct {
	// Replace allows replacing an existing regular file. Without it, an
	// existing file is an error that wraps fs.ErrExist.
	Replace bool
	// Stdout receives the data when the path is "-".
	Stdout io.Writer
}

// Write writes data to path: to o.Stdout when path is "-", to a new file,
// or, with o.Replace, in place of an existing regular file. Anything else at
// path is refused with a *NotRegularError and left untouched.
func Write(path string, data []byte, o Options) error {
	if path == Stdout {
		if o.Stdout == nil {
			return errors.New("no standard output to write to")
		}
		_, err := o.Stdout.Write(data)
		return err
	}
	info, err := existing(path, o)
	switch {
	case err != nil:
		return err
	case info == nil:
		return create(path, data)
	}
	return replace(path, data, info.Mode().Perm())
}

// Check returns the error Write would give for path before any data is
// written, so that a command can refuse its output before doing its work:
// nil for "-", a missing file, or (with o.Replace) a regular file.
func Check(path string, o Options) error {
	if path == Stdout {
		return nil
	}
	_, err := existing(path, o)
	return err
}

// existing returns what is at path, which Write may replace: nil when there
// is nothing, the regular file with o.Replace, and an error for anything
// else (a *NotRegularError, or one wrapping fs.ErrExist).
func existing(path string, o Options) (fs.FileInfo, error) {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, &NotRegularError{Path: path, Kind: Kind(info.Mode())}
	case !o.Replace:
		return nil, &fs.PathError{Op: "open", Path: path, Err: syscall.EEXIST}
	}
	return info, nil
}

// kinds names the kinds of file by their mode bits, a character device
// (ModeDevice|ModeCharDevice) before a block device (ModeDevice).
var kinds = []struct {
	bits fs.FileMode
	name string
}{
	{fs.ModeDir, "a directory"},
	{fs.ModeSymlink, "a symbolic link"},
	{fs.ModeNamedPipe, "a FIFO"},
	{fs.ModeSocket, "a socket"},
	{fs.ModeCharDevice, "a character device"},
	{fs.ModeDevice, "a block device"},
}

// Kind names the kind of file a mode describes, for messages: "a directory",
// "a FIFO", ...
func Kind(m fs.FileMode) string {
	if m.IsRegular() {
		return "a regular file"
	}
	for _, k := range kinds {
		if m&k.bits != 0 {
			return k.name
		}
	}
	return "not a regular file"
}

// create writes data to a new file at path, and leaves no partial file. It
// fails with an error wrapping fs.ErrExist if something appeared at path
// since it was checked, whatever it is.
func create(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// replace writes data to a temporary file in path's folder and renames it
// over path, keeping the old file's permissions. A rename replaces the
// directory entry itself: it never writes into whatever the entry is.
func replace(path string, data []byte, perm fs.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".puzbot-*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), perm)
	}
	if err == nil {
		// Last look: refuse whatever took the regular file's place.
		if info, lerr := os.Lstat(path); lerr == nil && !info.Mode().IsRegular() {
			err = &NotRegularError{Path: path, Kind: Kind(info.Mode())}
		}
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
