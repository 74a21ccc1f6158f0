package games

import (
	"bytes"
	"encoding/json"
	"math"
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

var floatCases = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.0 / 3, 2.0 / 3, 1e-6, 9.99e-7, 1e-7, 1.5e-9, 1e20,
	1e21, 1.2345e21, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64, -4.5e-300, 0.1 + 0.2}

// TestAppendFloatIsMarshal: numbers as Marshal writes them, cut-offs of its
// exponent form included; NaN and infinities refused as Marshal does.
func TestAppendFloatIsMarshal(t *testing.T) {
	for _, f := range floatCases {
		want, _ := json.Marshal(f)
		got, err := AppendFloat([]byte("x"), f)
		if err != nil || !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Errorf("AppendFloat(%v) = %s, %v; want x%s", f, got, err, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := AppendFloat(nil, f); err == nil {
			t.Errorf("AppendFloat(%v) is taken; json.Marshal refuses it", f)
		}
	}
}

func FuzzAppendFloat(f *testing.F) {
	for _, x := range floatCases {
		f.Add(math.Float64bits(x))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		want, werr := json.Marshal(x)
		got, err := AppendFloat(nil, x)
		if (err == nil) != (werr == nil) || err == nil && !bytes.Equal(got, want) {
			t.Fatalf("AppendFloat(%v) = %s, %v; Marshal %s, %v", x, got, err, want, werr)
		}
	})
}
