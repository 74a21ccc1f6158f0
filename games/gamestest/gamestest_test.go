package gamestest

import "testing"

// A golden file that differs is shown by its first differing line.
func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ want, got, says string }{
		{"a\nb\nc\n", "a\nB\nc\n", "line 2:\n  want b\n  got  B"},
		{"a\n", "a\nb\n", "line 2:\n  want \n  got  b"},
		{"a\n", "a", "the end of the file"},   // only the last newline
		{"a\n", "a\n", "the end of the file"}, // never asked: Golden calls it on a difference
	} {
		if says := firstDiff([]byte(c.want), []byte(c.got)); says != c.says {
			t.Errorf("firstDiff(%q, %q) = %q; want %q", c.want, c.got, says, c.says)
		}
	}
}
