package games

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendJSONIsMarshal: the bytes appended are Marshal's, HTML escaping
// included, after whatever dst held.
func TestAppendJSONIsMarshal(t *testing.T) {
	for _, x := range []any{
		map[string]any{"a": 1, "b": []string{"<x>", "y & z"}},
		struct {
			N int    `json:"n"`
			S string `json:"s,omitempty"`
		}{N: 3},
		[]int{}, nil, "plain",
	} {
		want, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendJSON([]byte("prefix:"), x)
		if err != nil || !bytes.Equal(got, append([]byte("prefix:"), want...)) {
			t.Errorf("AppendJSON(%v) = %s, %v; want prefix:%s", x, got, err, want)
		}
	}
	if _, err := AppendJSON(nil, func() {}); err == nil {
		t.Error("a value Marshal refuses is taken")
	}
}

// stringCases are strings json.Marshal escapes in every way it has.
var stringCases = []string{
	"", "plain words", `quote " and \ backslash`, "<b>&amp;</b>", "tab\tnew\nline\rret\bback\fform",
	"\x00\x01\x1f\x7f", "é, ü, 漢字, 🚢", "\u2028 and \u2029", "bad \xff\xfe utf-8 \xc3", "\xe2\x80",
	"the NORTH panel", "island:C3;=;not_ready:TORPEDO,2,3",
}

// TestAppendStringIsMarshal: a string appended by hand is Marshal's
// string, escapes and all.
func TestAppendStringIsMarshal(t *testing.T) {
	for _, s := range stringCases {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Errorf("AppendString(%q) = %s, want x%s", s, got, want)
		}
	}
	for _, ss := range [][]string{nil, {}, {"a"}, stringCases} {
		want, _ := json.Marshal(ss)
		if got := AppendStrings(nil, ss); !bytes.Equal(got, want) {
			t.Errorf("AppendStrings(%q) = %s, want %s", ss, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range stringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}
