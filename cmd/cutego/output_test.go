package main

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// childEnv, set in the environment, makes the test binary run its arguments as a
// cutego command line instead of the tests: how a test runs cutego as another user.
const childEnv = "CUTEGO_TEST_CHILD=1"

func TestMain(m *testing.M) {
	if os.Getenv("CUTEGO_TEST_CHILD") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// renderTo runs `cutego render --format tex -o path (4,2)` and returns its exit status
// and stderr, and the picture it should write (stdout of the same command without -o).
func renderTo(t *testing.T, path string) (code int, errs, want string) {
	t.Helper()
	code, errs = renderArgs(t, "render", "--format", "tex", "-o", path, "(4,2)")
	_, want, _ = runCmd(t, "", "render", "--format", "tex", "(4,2)")
	require.Contains(t, want, `\node`)
	return code, errs, want
}

func renderArgs(t *testing.T, args ...string) (int, string) {
	t.Helper()
	code, out, errs := runCmd(t, "", args...)
	assert.Empty(t, out)
	return code, errs
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// names lists a folder: no temporary file may be left behind.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var s []string
	for _, e := range ents {
		s = append(s, e.Name())
	}
	return s
}

// TestOutputSymlink: a link is followed and its target replaced; the link stays a link.
func TestOutputSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "t.tex")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o640))
	link := filepath.Join(dir, "l.tex")
	require.NoError(t, os.Symlink("t.tex", link))
	code, errs, want := renderTo(t, link)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, readString(t, target))
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, st.Mode().Type())
	st, err = os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o640), st.Mode())
	assert.ElementsMatch(t, []string{"t.tex", "l.tex"}, names(t, dir))
}

// TestOutputDanglingSymlink: a chain of links ending in a missing file creates that
// file; a relative target is read from the link's real folder, so ".." through a linked
// folder goes where the kernel would go.
func TestOutputDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "real", "a", "b"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join("real", "a", "b"), filepath.Join(dir, "d")))
	require.NoError(t, os.Symlink("../new.tex", filepath.Join(dir, "real", "a", "b", "l2")))
	require.NoError(t, os.Symlink("d/l2", filepath.Join(dir, "l1")))
	code, errs, want := renderTo(t, filepath.Join(dir, "l1"))
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, readString(t, filepath.Join(dir, "real", "a", "new.tex")))
	for _, l := range []string{"l1", "real/a/b/l2"} {
		st, err := os.Lstat(filepath.Join(dir, l))
		require.NoError(t, err)
		assert.Equal(t, fs.ModeSymlink, st.Mode().Type(), l)
	}
	assert.ElementsMatch(t, []string{"new.tex", "b"}, names(t, filepath.Join(dir, "real", "a")))
	// A loop is refused.
	require.NoError(t, os.Symlink("loop2", filepath.Join(dir, "loop1")))
	require.NoError(t, os.Symlink("loop1", filepath.Join(dir, "loop2")))
	code, errs, _ = renderTo(t, filepath.Join(dir, "loop1"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "too many levels of symbolic links")
}

// TestOutputHardLink: a file with two names is written in place; both names see the
// picture and stay one file.
func TestOutputHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.tex"), filepath.Join(dir, "b.tex")
	require.NoError(t, os.WriteFile(a, []byte(strings.Repeat("old content longer than the picture\n", 100)), 0o600))
	require.NoError(t, os.Link(a, b))
	code, errs, want := renderTo(t, a)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, readString(t, a))
	assert.Equal(t, want, readString(t, b))
	sa, err := os.Stat(a)
	require.NoError(t, err)
	sb, err := os.Stat(b)
	require.NoError(t, err)
	assert.True(t, os.SameFile(sa, sb))
	assert.Equal(t, fs.FileMode(0o600), sa.Mode())
	// A failed picture leaves both as they were.
	code, _ = renderArgs(t, "render", "-o", a, "(2048,1024)")
	assert.Equal(t, 1, code)
	assert.Equal(t, want, readString(t, b))
	assert.ElementsMatch(t, []string{"a.tex", "b.tex"}, names(t, dir))
}

// TestOutputModeAndOwner: a replaced file keeps its mode (set-group-ID bit included)
// and, where the writer may give it, its owner; a new file gets 0666 less the umask, as
// os.Create gives.
func TestOutputModeAndOwner(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "m.tex")
	require.NoError(t, os.WriteFile(f, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(f, 0o640|fs.ModeSetgid))
	if os.Geteuid() == 0 {
		require.NoError(t, os.Chown(f, 65534, 65534))
	}
	before, err := os.Stat(f)
	require.NoError(t, err)
	code, errs, want := renderTo(t, f)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, readString(t, f))
	after, err := os.Stat(f)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o640)|fs.ModeSetgid, after.Mode())
	u0, g0, _ := owner(before)
	u1, g1, _ := owner(after)
	assert.Equal(t, [2]int{u0, g0}, [2]int{u1, g1})
	assert.ElementsMatch(t, []string{"m.tex"}, names(t, dir))

	ref, err := os.Create(filepath.Join(dir, "ref"))
	require.NoError(t, err)
	require.NoError(t, ref.Close())
	code, errs, _ = renderTo(t, filepath.Join(dir, "new.tex"))
	require.Equal(t, 0, code, errs)
	sr, err := os.Stat(filepath.Join(dir, "ref"))
	require.NoError(t, err)
	sn, err := os.Stat(filepath.Join(dir, "new.tex"))
	require.NoError(t, err)
	assert.Equal(t, sr.Mode(), sn.Mode())
}

// TestOutputFIFO: a named pipe is written as it is (a reader gets the picture) and stays
// a pipe.
func TestOutputFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(p, 0o600))
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	code, errs, want := renderTo(t, p)
	require.Equal(t, 0, code, errs)
	select {
	case s := <-got:
		assert.Equal(t, want, s)
	case <-time.After(10 * time.Second):
		t.Error("the reader got nothing: the pipe was not written")
	}
	st, err := os.Lstat(p)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeNamedPipe, st.Mode().Type())
}

// TestOutputProcFd: /dev/stdout's kind of path, /proc/self/fd/N, reaches the open file:
// a pipe, and a regular file that no longer has a name (written in place).
func TestOutputProcFd(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	r, w, err := os.Pipe()
	require.NoError(t, err)
	got := make(chan string, 1)
	go func() { b, _ := io.ReadAll(r); got <- string(b) }()
	code, errs, want := renderTo(t, "/proc/self/fd/"+strconv.Itoa(int(w.Fd())))
	require.Equal(t, 0, code, errs)
	require.NoError(t, w.Close())
	assert.Equal(t, want, <-got)
	r.Close()

	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "gone.tex"))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, os.Remove(f.Name()))
	code, errs, _ = renderTo(t, "/proc/self/fd/"+strconv.Itoa(int(f.Fd())))
	require.Equal(t, 0, code, errs)
	b, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<20))
	require.NoError(t, err)
	assert.Equal(t, want, string(b))
	assert.Empty(t, names(t, dir))
}

// TestOutputDevNull: the null device is written and stays the null device. Run as root
// the test writes a private node of it (1:3), so that a broken rule would replace that
// node, not the system's /dev/null; an ordinary user may not replace /dev/null anyway.
func TestOutputDevNull(t *testing.T) {
	null := "/dev/null"
	if os.Geteuid() == 0 {
		null = filepath.Join(t.TempDir(), "null")
		require.NoError(t, syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3))
	}
	code, errs, _ := renderTo(t, null)
	require.Equal(t, 0, code, errs)
	code, errs = renderArgs(t, "gen", "gemm", "-o", null)
	require.Equal(t, 0, code, errs)
	st, err := os.Stat(null)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeDevice|fs.ModeCharDevice, st.Mode().Type())
	assert.Equal(t, int64(0), st.Size())
}

// TestOutputRefused: a directory, a socket and a block device are refused, unchanged.
func TestOutputRefused(t *testing.T) {
	dir := t.TempDir()
	code, errs, _ := renderTo(t, dir)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "is a directory")
	sock := filepath.Join(dir, "s")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer l.Close()
	code, errs, _ = renderTo(t, sock)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "is a socket")
	// Device 0:0 has no driver, so even a wrong open could not reach a disk.
	blk := filepath.Join(dir, "blk")
	if err := syscall.Mknod(blk, syscall.S_IFBLK|0o600, 0); err != nil {
		t.Logf("no block device node (%v): checking the kind's name only", err)
		assert.Equal(t, "is a block device", fileKind(fs.ModeDevice))
	} else {
		code, errs, _ = renderTo(t, blk)
		assert.Equal(t, 1, code)
		assert.Contains(t, errs, "is a block device")
	}
	for _, n := range names(t, dir) {
		assert.Contains(t, []string{"s", "blk"}, n)
	}
}

// TestOutputPermission: permission is the file's own. Run as an ordinary user (the test
// re-runs itself as nobody when it is root): a read-only file is refused and left as it
// was, although its folder would allow replacing it; another user's file that we may
// write is written in place and keeps its owner; another user's read-only file is
// refused; our file in another user's folder is written in place.
func TestOutputPermission(t *testing.T) {
	if os.Geteuid() != 0 {
		f := filepath.Join(t.TempDir(), "ro.tex")
		require.NoError(t, os.WriteFile(f, []byte("old"), 0o444))
		code, errs, _ := renderTo(t, f)
		assert.Equal(t, 1, code)
		assert.Contains(t, errs, "permission denied")
		assert.Equal(t, "old", readString(t, f))
		return
	}
	const nobody = 65534
	// A folder nobody can reach and write, holding a copy of the test binary.
	dir, err := os.MkdirTemp("", "cutego-output-")
	require.NoError(t, err)
	defer os.RemoveAll(dir)
	require.NoError(t, os.Chmod(dir, 0o777))
	self, err := os.Executable()
	require.NoError(t, err)
	bin, err := os.ReadFile(self)
	require.NoError(t, err)
	exe := filepath.Join(dir, "cutego.test")
	require.NoError(t, os.WriteFile(exe, bin, 0o755))
	asNobody := func(args ...string) (int, string) {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), childEnv)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Skipf("cannot run the test binary as nobody: %v", err)
		}
		return cmd.ProcessState.ExitCode(), string(out)
	}
	_, want, _ := runCmd(t, "", "render", "--format", "tex", "(4,2)")
	file := func(name string, mode fs.FileMode, uid int) string {
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, []byte("old"), 0o600))
		require.NoError(t, os.Chown(f, uid, uid))
		require.NoError(t, os.Chmod(f, mode))
		return f
	}
	ro := file("ro.tex", 0o444, nobody)
	code, out := asNobody("render", "--format", "tex", "-o", ro, "(4,2)")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "permission denied")
	assert.Equal(t, "old", readString(t, ro))

	rootsRO := file("roots-ro.tex", 0o644, 0)
	code, out = asNobody("render", "--format", "tex", "-o", rootsRO, "(4,2)")
	assert.Equal(t, 1, code, out)
	assert.Equal(t, "old", readString(t, rootsRO))

	rootsRW := file("roots-rw.tex", 0o666, 0)
	code, out = asNobody("render", "--format", "tex", "-o", rootsRW, "(4,2)")
	assert.Equal(t, 0, code, out)
	assert.Equal(t, want, readString(t, rootsRW))
	st, err := os.Stat(rootsRW)
	require.NoError(t, err)
	uid, _, _ := owner(st)
	assert.Equal(t, 0, uid)
	assert.Equal(t, fs.FileMode(0o666), st.Mode())
	// A file of ours in a folder where we may not create files: written in place.
	sub := filepath.Join(dir, "roots")
	require.NoError(t, os.Mkdir(sub, 0o755))
	ours := file("roots/ours.tex", 0o644, nobody)
	code, out = asNobody("render", "--format", "tex", "-o", ours, "(4,2)")
	assert.Equal(t, 0, code, out)
	assert.Equal(t, want, readString(t, ours))
	assert.ElementsMatch(t, []string{"ours.tex"}, names(t, sub))
	assert.ElementsMatch(t, []string{"cutego.test", "ro.tex", "roots-ro.tex", "roots-rw.tex", "roots"}, names(t, dir))
}
