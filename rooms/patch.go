package rooms

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// ApplyPatch applies an RFC 6902 JSON Patch, as updates carry, to a JSON
// document and returns the new document. Go clients (tests, the load
// tool) keep their view with it; the pages do the same in net.js.
func ApplyPatch(doc, patch []byte) ([]byte, error) {
	var d any
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, fmt.Errorf("patch: the document: %w", err)
	}
	d, err := PatchTree(d, patch)
	if err != nil {
		return nil, err
	}
	return json.Marshal(d)
}

// PatchTree applies an RFC 6902 JSON Patch to a document decoded as
// encoding/json decodes into any (maps, slices, float64...), changing it
// in place where it can, and returns the new root. A phone keeps its view
// this way (an object it patches, never text it parses again); so does a
// lean client (client.DialLean). On an error the document may be left
// partly patched: the holder must get the whole view again.
func PatchTree(d any, patch []byte) (any, error) {
	var ops []struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		From  string          `json:"from"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, fmt.Errorf("patch: %w", err)
	}
	for i, op := range ops {
		var v any
		if op.Op == "add" || op.Op == "replace" || op.Op == "test" {
			if err := json.Unmarshal(op.Value, &v); err != nil {
				return nil, fmt.Errorf("patch op %d: value: %w", i, err)
			}
		}
		var err error
		switch op.Op {
		case "add":
			d, err = pointerSet(d, op.Path, v, true)
		case "replace":
			d, err = pointerSet(d, op.Path, v, false)
		case "remove":
			d, _, err = pointerRemove(d, op.Path)
		case "move", "copy":
			var got any
			if got, err = pointerGet(d, op.From); err == nil {
				if op.Op == "move" {
					d, _, err = pointerRemove(d, op.From)
				} else {
					got = deepCopy(got)
				}
				if err == nil {
					d, err = pointerSet(d, op.Path, got, true)
				}
			}
		case "test":
			var got any
			if got, err = pointerGet(d, op.Path); err == nil && !reflect.DeepEqual(got, v) {
				err = fmt.Errorf("test failed at %q", op.Path)
			}
		default:
			err = fmt.Errorf("unknown op %q", op.Op)
		}
		if err != nil {
			return nil, fmt.Errorf("patch op %d (%s %s): %w", i, op.Op, op.Path, err)
		}
	}
	return d, nil
}

func deepCopy(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

func splitPointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, fmt.Errorf("pointer %q does not start with /", p)
	}
	parts := strings.Split(p[1:], "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts, nil
}

func index(tok string, n int, appendOK bool) (int, error) {
	if appendOK && tok == "-" {
		return n, nil
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i > n || (!appendOK && i == n) || (len(tok) > 1 && tok[0] == '0') {
		return 0, fmt.Errorf("bad array index %q", tok)
	}
	return i, nil
}

func pointerGet(d any, p string) (any, error) {
	parts, err := splitPointer(p)
	if err != nil {
		return nil, err
	}
	for _, tok := range parts {
		switch c := d.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, fmt.Errorf("no member %q", tok)
			}
			d = v
		case []any:
			i, err := index(tok, len(c), false)
			if err != nil {
				return nil, err
			}
			d = c[i]
		default:
			return nil, fmt.Errorf("%q goes through a scalar", p)
		}
	}
	return d, nil
}

// pointerSet adds (insert) or replaces v at p and returns the new root.
func pointerSet(d any, p string, v any, insert bool) (any, error) {
	parts, err := splitPointer(p)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return v, nil
	}
	parent, err := pointerGet(d, joinPointer(parts[:len(parts)-1]))
	if err != nil {
		return nil, err
	}
	last := parts[len(parts)-1]
	switch c := parent.(type) {
	case map[string]any:
		if _, ok := c[last]; !ok && !insert {
			return nil, fmt.Errorf("no member %q to replace", last)
		}
		c[last] = v
		return d, nil
	case []any:
		i, err := index(last, len(c), insert)
		if err != nil {
			return nil, err
		}
		if !insert {
			c[i] = v
			return d, nil
		}
		c = append(c, nil)
		copy(c[i+1:], c[i:])
		c[i] = v
		return replaceAt(d, parts[:len(parts)-1], c)
	}
	return nil, fmt.Errorf("%q has no container", p)
}

func pointerRemove(d any, p string) (any, any, error) {
	parts, err := splitPointer(p)
	if err != nil || len(parts) == 0 {
		return nil, nil, fmt.Errorf("cannot remove %q", p)
	}
	parent, err := pointerGet(d, joinPointer(parts[:len(parts)-1]))
	if err != nil {
		return nil, nil, err
	}
	last := parts[len(parts)-1]
	switch c := parent.(type) {
	case map[string]any:
		v, ok := c[last]
		if !ok {
			return nil, nil, fmt.Errorf("no member %q to remove", last)
		}
		delete(c, last)
		return d, v, nil
	case []any:
		i, err := index(last, len(c), false)
		if err != nil {
			return nil, nil, err
		}
		v := c[i]
		c = append(c[:i:i], c[i+1:]...)
		d, err = replaceAt(d, parts[:len(parts)-1], c)
		return d, v, err
	}
	return nil, nil, fmt.Errorf("%q has no container", p)
}

// replaceAt stores a grown or shrunk array back where it was found.
func replaceAt(d any, parts []string, arr []any) (any, error) {
	if len(parts) == 0 {
		return arr, nil
	}
	return pointerSet(d, joinPointer(parts), arr, false)
}

func joinPointer(parts []string) string {
	var b strings.Builder
	for _, s := range parts {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1"))
	}
	return b.String()
}
