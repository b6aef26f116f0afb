package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// outputRule is how every -o flag writes its file (writeOutput); the usage texts quote it.
const outputRule = `-o FILE writes FILE instead of stdout. The output is made in full before FILE is
touched, so a failed command leaves FILE as it was. A symbolic link is followed and
its target written. A regular file is replaced by renaming a finished temporary file
over it, keeping its mode and owner; where that cannot keep the file what it is
(several hard links, an owner that cannot be given, a folder you may not write), it
is written in place instead. A FIFO or character device (/dev/null, /dev/stdout) is
written as it is and stays what it was. A directory, socket or block device is
refused, and so is a file you may not write.
`

// maxSymlinks bounds a chain of symbolic links, as Linux's MAXSYMLINKS does.
const maxSymlinks = 40

// writeOutput writes what draw writes to the file at path, by outputRule: draw runs
// first, into memory, and only a complete output reaches the file.
func writeOutput(path string, draw func(io.Writer) error) error {
	var b bytes.Buffer
	if err := draw(&b); err != nil {
		return err
	}
	data := b.Bytes()
	st, err := os.Stat(path) // follows links, /proc's fd links too
	switch {
	case errors.Is(err, fs.ErrNotExist):
		target, err := resolveDangling(path)
		if err != nil {
			return err
		}
		return replaceFile(target, data, nil)
	case err != nil:
		return err
	case st.Mode().IsRegular():
		return writeRegular(path, st, data)
	case st.Mode()&fs.ModeNamedPipe != 0, st.Mode()&fs.ModeCharDevice != 0:
		return writeInPlace(path, st, data)
	default:
		return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%s; write to a regular file, a FIFO or a character device", fileKind(st.Mode()))}
	}
}

// fileKind names a file's type for an error.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "is a directory"
	case m&fs.ModeSocket != 0:
		return "is a socket"
	case m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0:
		return "is a block device"
	}
	return "is not a regular file (" + m.Type().String() + ")"
}

// writeRegular writes the existing regular file at path (st is its Stat): replaced
// through a temporary file when it has one link, its owner can be kept and its folder
// lets us create the temporary file, else written in place.
func writeRegular(path string, st fs.FileInfo, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	if err == nil {
		var tst fs.FileInfo
		if tst, err = os.Stat(target); err == nil && !os.SameFile(st, tst) {
			err = fs.ErrNotExist
		}
	}
	if err != nil {
		// A link that does not name its file (/proc/self/fd/N of a deleted file).
		return writeInPlace(path, st, data)
	}
	// Opening for writing is the permission check: the file's own, not its folder's.
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	fst, err := f.Stat()
	if err == nil && !os.SameFile(st, fst) {
		err = &fs.PathError{Op: "write", Path: path, Err: errors.New("changed while being written")}
	}
	if err != nil {
		f.Close()
		return err
	}
	if links(fst) > 1 {
		return writeOpened(f, data)
	}
	f.Close()
	err = replaceFile(target, data, fst)
	if errors.Is(err, errInPlace) {
		return writeInPlace(target, fst, data)
	}
	return err
}

// errInPlace is replaceFile's answer when a file may be written but not replaced: its
// owner cannot be given to a new file, or its folder does not let us create one.
var errInPlace = errors.New("write the file in place")

// replaceFile writes data to a new temporary file in target's folder and renames it over
// target. old is the file it replaces (nil for none): the new file gets its permission
// bits and owner; a new file gets 0666 less the umask, as the shell's > gives. It answers
// errInPlace where old cannot be replaced so (its owner not given, its folder not ours).
func replaceFile(target string, data []byte, old fs.FileInfo) error {
	perm := fs.FileMode(0o666)
	if old != nil {
		perm = 0o600 // until it has old's owner and mode
	}
	f, tmp, err := createTemp(filepath.Dir(target), filepath.Base(target), perm)
	if err != nil {
		if old != nil && errors.Is(err, fs.ErrPermission) {
			return errInPlace
		}
		return err
	}
	_, err = f.Write(data)
	if err == nil && old != nil {
		if uid, gid, ok := owner(old); ok && (uid != os.Geteuid() || gid != os.Getegid()) {
			if f.Chown(uid, gid) != nil {
				err = errInPlace
			}
		}
		if err == nil {
			// After Chown, which clears the set-user-ID and set-group-ID bits.
			err = f.Chmod(old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
		}
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// createTemp creates a new file ".base.N.tmp" in dir with permission perm (less the
// umask).
func createTemp(dir, base string, perm fs.FileMode) (*os.File, string, error) {
	seed := uint64(time.Now().UnixNano()) ^ uint64(os.Getpid())<<32
	for i := uint64(0); ; i++ {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint((seed+i*0x9e3779b97f4a7c15)%1e9, 10)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil || !errors.Is(err, fs.ErrExist) || i == 1000 {
			return f, name, err
		}
	}
}

// writeInPlace opens the existing file at path for writing, without creating or
// truncating it, and writes data (a FIFO or device stays one; a regular file keeps its
// links and owner). st is path's Stat: a file swapped meanwhile is refused.
func writeInPlace(path string, st fs.FileInfo, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if fst, err := f.Stat(); err != nil || fst.Mode().Type() != st.Mode().Type() {
		f.Close()
		if err == nil {
			err = &fs.PathError{Op: "write", Path: path, Err: errors.New("changed while being written")}
		}
		return err
	}
	return writeOpened(f, data)
}

// writeOpened writes data to the open file f and closes it; a regular file is then cut
// to data's length (truncating after writing: the old content stays until new content
// replaces it).
func writeOpened(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		if st, serr := f.Stat(); serr == nil && st.Mode().IsRegular() {
			err = f.Truncate(int64(len(data)))
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// resolveDangling follows the symbolic links at path, a path that does not exist (a new
// file, or a chain of links ending in a missing file), to the path of the file to create.
// Each link's folder is resolved first, so a relative target with ".." means what the
// kernel would make of it.
func resolveDangling(path string) (string, error) {
	for range maxSymlinks {
		dir, err := filepath.EvalSymlinks(filepath.Dir(path))
		if err != nil {
			return "", err
		}
		path = filepath.Join(dir, filepath.Base(path))
		st, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			// It appeared meanwhile: refuse rather than replace what was not seen.
			return "", &fs.PathError{Op: "write", Path: path, Err: errors.New("changed while being written")}
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		path = link
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// links is the number of hard links of a file (1 where the system does not say).
func links(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}

// owner is a file's user and group.
func owner(st fs.FileInfo) (uid, gid int, ok bool) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(s.Uid), int(s.Gid), true
	}
	return 0, 0, false
}
