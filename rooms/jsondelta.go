package rooms

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unsafe"
)

// diffJSON writes an RFC 6902 JSON Patch that turns document a into b, or
// returns false once the patch would be limit bytes or more (the whole
// document is then the smaller message). Both documents come from
// json.Marshal: compact and valid. It compares the bytes, never decoding a
// value: an unchanged subtree costs one bytes.Equal, and only the objects
// and arrays on the way to a change are split into members. This is the
// runtime's hot path (every seat with phones, every version): decoding
// whole views into maps to diff them was most of a room's time.
//
// memo, if not nil, is shared by the seats of one version: a subtree
// pair already diffed for another seat (the crew's shared state, the
// public part) costs a map lookup instead of another walk.
func diffJSON(a, b []byte, limit int, memo *diffMemo) ([]byte, bool) {
	return diffJSONInto(make([]byte, 0, 256), a, b, limit, memo)
}

// diffJSONInto is diffJSON writing the patch into dst[:0]: the room diffs
// every seat's view into one buffer, whose patch the frame copies.
func diffJSONInto(dst, a, b []byte, limit int, memo *diffMemo) ([]byte, bool) {
	d := differ{out: dst[:0], limit: limit, memo: memo}
	d.out = append(d.out, '[')
	// The path of the value being diffed, as its JSON Pointer: each level
	// appends its token to it, so siblings write over each other and a
	// walk allocates no path (views are a few levels deep).
	var path [128]byte
	if !d.diff(path[:0], a, b) {
		return nil, false
	}
	d.out = append(d.out, ']')
	return d.out, len(d.out) < limit
}

// dash is the pointer token that appends to an array.
var dash = []byte("-")

type differ struct {
	out   []byte
	limit int
	ops   int
	memo  *diffMemo
	// recording counts the memo entries being recorded: while it is not
	// zero every op also goes to memo.ops.
	recording int
}

// diffMemo maps a pair of subtrees (old, new) to the ops that turn one
// into the other. The seats of a version share one: their views hold the
// same parts (a crew's state, the public state), whose diff is then
// walked once. Its tables are kept from version to version (reset).
type diffMemo struct {
	entries map[memoKey]memoSpan
	// ops are every op recorded, with its whole pointer: an entry's ops
	// are a run of them (entries nest, and their runs with them).
	ops []memoOp
	// ptrs holds the recorded ops' pointers, one after another.
	ptrs []byte
}

// memoKey holds the two subtrees' bytes as strings without copying them:
// the views live as long as the memo's entries (one broadcast) and never
// change meanwhile.
type memoKey struct{ a, b string }

// memoSpan is an entry: its ops, ops[lo:hi], and the length of its root's
// pointer, which each op's pointer starts with.
type memoSpan struct{ lo, hi, root int }

type memoOp struct {
	name  string
	ptr   []byte
	value []byte
}

// reset empties the memo for a new version, keeping its tables' room.
func (m *diffMemo) reset() {
	if m.entries == nil {
		m.entries = map[memoKey]memoSpan{}
	}
	clear(m.entries)
	clear(m.ops) // no view of the last version is kept alive
	m.ops, m.ptrs = m.ops[:0], m.ptrs[:0]
}

// memoMin is the size of a subtree pair under which walking it again
// costs less than remembering it.
const memoMin = 256

// diff emits the ops for one value at path (a JSON Pointer, its tokens
// escaped). It returns false when the limit is passed.
func (d *differ) diff(path []byte, a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if d.memo != nil && len(a)+len(b) >= memoMin && (a[0] == '{' || a[0] == '[') {
		if d.memo.entries == nil {
			d.memo.entries = map[memoKey]memoSpan{}
		}
		key := memoKey{unsafe.String(&a[0], len(a)), unsafe.String(&b[0], len(b))}
		if s, ok := d.memo.entries[key]; ok {
			// The range is taken once: ops recorded meanwhile (an
			// enclosing entry's) go after it.
			for _, op := range d.memo.ops[s.lo:s.hi] {
				if !d.op(op.name, append(path, op.ptr[s.root:]...), op.value) {
					return false
				}
			}
			return true
		}
		lo := len(d.memo.ops)
		d.recording++
		ok := d.walk(path, a, b)
		d.recording--
		if ok {
			d.memo.entries[key] = memoSpan{lo, len(d.memo.ops), len(path)}
		}
		return ok
	}
	return d.walk(path, a, b)
}

// walk diffs two different values. Objects and arrays are walked member
// by member in step, without splitting them first: views of one Go type
// list their keys in the same order, and most members are unchanged.
func (d *differ) walk(path []byte, a, b []byte) bool {
	switch {
	case a[0] == '{' && b[0] == '{':
		ia, ib := 1, 1
		for ia < len(a)-1 && ib < len(b)-1 {
			ka, va, na := member(a, ia, true)
			kb, vb, nb := member(b, ib, true)
			if !bytes.Equal(ka, kb) {
				break // the keys part: the rest is matched by name below
			}
			if !bytes.Equal(va, vb) && !d.diff(appendToken(path, keyToken(kb)), va, vb) {
				return false
			}
			ia, ib = na, nb
		}
		return d.walkRest(path, a[ia-1:], b[ib-1:])
	case a[0] == '[' && b[0] == '[':
		ia, ib, n := 1, 1, 0
		for ia < len(a)-1 && ib < len(b)-1 {
			_, va, na := member(a, ia, false)
			_, vb, nb := member(b, ib, false)
			if !bytes.Equal(va, vb) && !d.diff(appendIndex(path, n), va, vb) {
				return false
			}
			ia, ib, n = na, nb, n+1
		}
		for ib < len(b)-1 {
			_, vb, nb := member(b, ib, false)
			if !d.op("add", appendToken(path, dash), vb) {
				return false
			}
			ib = nb
		}
		// Shorter: remove from the end, so every index is still valid.
		rest := n
		for ia < len(a)-1 {
			_, _, ia = member(a, ia, false)
			rest++
		}
		for i := rest - 1; i >= n; i-- {
			if !d.op("remove", appendIndex(path, i), nil) {
				return false
			}
		}
		return true
	}
	return d.op("replace", path, b)
}

// appendToken is path with one more token.
func appendToken(path, token []byte) []byte {
	return append(append(path, '/'), token...)
}

// appendIndex is path with one more token, an array index.
func appendIndex(path []byte, i int) []byte {
	return strconv.AppendInt(append(path, '/'), int64(i), 10)
}

// walkRest diffs what is left of two objects once their keys part, by
// name: a and b are the rests with the opening bracket's place (a comma,
// or the bracket itself) in front, as members reads them.
func (d *differ) walkRest(path []byte, a, b []byte) bool {
	if len(a) <= 2 && len(b) <= 2 {
		return true // both ended together: nothing is left
	}
	ka, va := members(a, true)
	kb, vb := members(b, true)
	at := make(map[string]int, len(ka))
	for i, k := range ka {
		at[string(k)] = i
	}
	inB := make(map[string]bool, len(kb))
	for i, k := range kb {
		inB[string(k)] = true
		j, ok := at[string(k)]
		p := appendToken(path, keyToken(k))
		if !ok {
			if !d.op("add", p, vb[i]) {
				return false
			}
			continue
		}
		if !d.diff(p, va[j], vb[i]) {
			return false
		}
	}
	for _, k := range ka {
		if !inB[string(k)] && !d.op("remove", appendToken(path, keyToken(k)), nil) {
			return false
		}
	}
	return true
}

// op appends one operation.
func (d *differ) op(name string, path []byte, value []byte) bool {
	if d.recording > 0 {
		m := d.memo
		at := len(m.ptrs)
		m.ptrs = append(m.ptrs, path...)
		m.ops = append(m.ops, memoOp{name, m.ptrs[at:len(m.ptrs):len(m.ptrs)], value})
	}
	if d.ops > 0 {
		d.out = append(d.out, ',')
	}
	d.ops++
	d.out = append(d.out, `{"op":"`...)
	d.out = append(d.out, name...)
	d.out = append(d.out, `","path":`...)
	d.out = appendPointer(d.out, path)
	if value != nil {
		d.out = append(d.out, `,"value":`...)
		d.out = append(d.out, value...)
	}
	d.out = append(d.out, '}')
	return len(d.out) < d.limit
}

// appendPointer writes the JSON string of a JSON Pointer.
func appendPointer(out []byte, path []byte) []byte {
	for _, c := range path {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			q, _ := json.Marshal(string(path))
			return append(out, q...)
		}
	}
	out = append(out, '"')
	out = append(out, path...)
	return append(out, '"')
}

// keyToken turns an object key, as its quoted JSON string, into a JSON
// Pointer token: unescaped, then with ~ and / escaped for the pointer. A
// plain key (every key of a Go struct) is a slice of the document.
func keyToken(raw []byte) []byte {
	k := raw[1 : len(raw)-1]
	if bytes.IndexByte(raw, '\\') >= 0 {
		var s string
		_ = json.Unmarshal(raw, &s)
		k = []byte(s)
	}
	if bytes.IndexByte(k, '~') < 0 && bytes.IndexByte(k, '/') < 0 {
		return k
	}
	return []byte(strings.NewReplacer("~", "~0", "/", "~1").Replace(string(k)))
}

// members splits a compact JSON object or array into its members: each
// key as its quoted JSON string (objects), and each value's bytes.
func members(v []byte, object bool) (keys, vals [][]byte) {
	for i := 1; i < len(v)-1; {
		k, val, next := member(v, i, object)
		if object {
			keys = append(keys, k)
		}
		vals = append(vals, val)
		i = next
	}
	return keys, vals
}

// member reads the member of object or array v that starts at i: its key
// as its quoted JSON string (objects), its value, and where the next
// member starts (past the comma; len(v) after the last).
func member(v []byte, i int, object bool) (key, val []byte, next int) {
	if object {
		end := skipString(v, i)
		key = v[i:end]
		i = end + 1 // the colon
	}
	end := skipValue(v, i)
	return key, v[i:end], end + 1 // past the comma, or the closing bracket
}

// skipValue returns the index just past the value that starts at i.
func skipValue(v []byte, i int) int {
	switch v[i] {
	case '"':
		return skipString(v, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			switch v[j] {
			case '"':
				j = skipString(v, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(v)
	}
	j := i
	for j < len(v) && v[j] != ',' && v[j] != '}' && v[j] != ']' {
		j++
	}
	return j
}

// skipString returns the index just past the string that starts at i.
// Views are mostly text: jump from quote to quote.
func skipString(v []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(v[j:], '"')
		if k < 0 {
			return len(v)
		}
		j += k
		escapes := 0
		for b := j - 1; b > i && v[b] == '\\'; b-- {
			escapes++
		}
		if escapes%2 == 0 {
			return j + 1
		}
		j++
	}
}
