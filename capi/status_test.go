//go:build cutego_testhooks

package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLastErrorUTF8: cutego_last_error keeps what cutego.h promises — valid UTF-8, at most
// CUTEGO_LAST_ERROR_MAX-1 bytes (a longer message cut at a character boundary, ending in
// "…"), its full length returned — and a caller's short buffer never receives half a
// character.
func TestLastErrorUTF8(t *testing.T) {
	for _, msg := range []string{
		"",
		"cute_layout_parse: parse: short",
		strings.Repeat("a", hookMaxMessage-1), // exactly fits
		strings.Repeat("a", hookMaxMessage),   // one byte over
		"x: " + strings.Repeat("é", 2000),     // 2-byte characters
		"x: " + strings.Repeat("€", 1000),     // 3-byte
		"x:" + strings.Repeat("😀", 600),       // 4-byte
		"bad bytes \xff\xfe in the input \xe2\x82 (cut character)", // not UTF-8
		"x" + strings.Repeat("\xc3", 3000),                         // 3000 invalid bytes
	} {
		full, n := hookLastError(msg, hookMaxMessage)
		if n != len(full) {
			t.Errorf("%.20q: length %d, but a CUTEGO_LAST_ERROR_MAX buffer holds %d bytes", msg, n, len(full))
		}
		if n > hookMaxMessage-1 || !utf8.ValidString(full) {
			t.Errorf("%.20q: %d bytes, valid UTF-8 %v", msg, n, utf8.ValidString(full))
		}
		if utf8.ValidString(msg) && len(msg) < hookMaxMessage && full != msg {
			t.Errorf("%.20q: a message that fits came back as %.20q", msg, full)
		}
		if len(msg) >= hookMaxMessage && utf8.ValidString(msg) && (!strings.HasSuffix(full, "…") || !strings.HasPrefix(msg, strings.TrimSuffix(full, "…")) || n < hookMaxMessage-1-3-utf8.UTFMax) {
			t.Errorf("%.20q: clipped to %d bytes ...%q", msg, n, full[max(0, len(full)-12):])
		}
		if !utf8.ValidString(msg) && !strings.Contains(full, "\uFFFD") {
			t.Errorf("%.20q: invalid bytes not replaced: %q", msg, full)
		}
		// every buffer size: the longest prefix of at most size-1 bytes that is whole
		// characters, NUL-terminated; the return value is always the full length.
		for size := 0; size <= n+2; size++ {
			got, l := hookLastError(msg, size)
			if l != n {
				t.Fatalf("%.20q, buffer %d: length %d, want %d", msg, size, l, n)
			}
			if size == 0 {
				continue
			}
			want := full
			if len(want) > size-1 {
				want = want[:size-1]
				for len(want) > 0 && !utf8.ValidString(want) {
					want = want[:len(want)-1]
				}
			}
			if got != want {
				t.Fatalf("%.20q, buffer %d: %q, want %q", msg, size, got[max(0, len(got)-8):], want[max(0, len(want)-8):])
			}
		}
	}
}
