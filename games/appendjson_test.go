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
