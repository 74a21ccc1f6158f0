package rooms

// The diff as it was before issue 26's work (commit 2b8b8d7), kept as
// the reference the new one is tested against: same ops, same bytes.

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unsafe"
)

// oldDiffJSON writes an RFC 6902 JSON Patch that turns document a into b, or
// returns false once the patch would be limit bytes or more (the whole
// document is then the smaller message). Both documents come from
// json.Marshal: compact and valid. It compares the bytes, never decoding a
// value: an unchanged subtree costs one bytes.Equal, and only the objects
// and arrays on the way to a change are split into oldMembers. This is the
// runtime's hot path (every seat with phones, every version): decoding
// whole views into maps to diff them was most of a room's time.
//
// memo, if not nil, is shared by the seats of one version: a subtree
// pair already diffed for another seat (the crew's shared state, the
// public part) costs a map lookup instead of another walk.
func oldDiffJSON(a, b []byte, limit int, memo *oldDiffMemo) ([]byte, bool) {
	return oldDiffJSONInto(make([]byte, 0, 256), a, b, limit, memo)
}

// oldDiffJSONInto is oldDiffJSON writing the patch into dst[:0]: the room diffs
// every seat's view into one buffer, whose patch the frame copies.
func oldDiffJSONInto(dst, a, b []byte, limit int, memo *oldDiffMemo) ([]byte, bool) {
	d := oldDiffer{out: dst[:0], limit: limit, memo: memo}
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

// oldDash is the pointer token that appends to an array.
var oldDash = []byte("-")

type oldDiffer struct {
	out   []byte
	limit int
	ops   int
	memo  *oldDiffMemo
	// recording counts the memo entries being recorded: while it is not
	// zero every op also goes to memo.ops.
	recording int
}

// oldDiffMemo maps a pair of subtrees (old, new) to the ops that turn one
// into the other. The seats of a version share one: their views hold the
// same parts (a crew's state, the public state), whose diff is then
// walked once. Its tables are kept from version to version (reset).
type oldDiffMemo struct {
	entries map[oldMemoKey]oldMemoSpan
	// ops are every op recorded, with its whole pointer: an entry's ops
	// are a run of them (entries nest, and their runs with them).
	ops []oldMemoOp
	// ptrs holds the recorded ops' pointers, one after another.
	ptrs []byte
}

// oldMemoKey holds the two subtrees' bytes as strings without copying them:
// the views live as long as the memo's entries (one broadcast) and never
// change meanwhile.
type oldMemoKey struct{ a, b string }

// oldMemoSpan is an entry: its ops, ops[lo:hi], and the length of its root's
// pointer, which each op's pointer starts with.
type oldMemoSpan struct{ lo, hi, root int }

type oldMemoOp struct {
	name  string
	ptr   []byte
	value []byte
}

// reset empties the memo for a new version, keeping its tables' room.
func (m *oldDiffMemo) reset() {
	if m.entries == nil {
		m.entries = map[oldMemoKey]oldMemoSpan{}
	}
	clear(m.entries)
	clear(m.ops) // no view of the last version is kept alive
	m.ops, m.ptrs = m.ops[:0], m.ptrs[:0]
}

// oldMemoMin is the size of a subtree pair under which walking it again
// costs less than remembering it.
const oldMemoMin = 256

// diff emits the ops for one value at path (a JSON Pointer, its tokens
// escaped). It returns false when the limit is passed.
func (d *oldDiffer) diff(path []byte, a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if d.memo != nil && len(a)+len(b) >= oldMemoMin && (a[0] == '{' || a[0] == '[') {
		if d.memo.entries == nil {
			d.memo.entries = map[oldMemoKey]oldMemoSpan{}
		}
		key := oldMemoKey{unsafe.String(&a[0], len(a)), unsafe.String(&b[0], len(b))}
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
			d.memo.entries[key] = oldMemoSpan{lo, len(d.memo.ops), len(path)}
		}
		return ok
	}
	return d.walk(path, a, b)
}

// walk diffs two different values. Objects and arrays are walked oldMember
// by oldMember in step, without splitting them first: views of one Go type
// list their keys in the same order, and most oldMembers are unchanged.
func (d *oldDiffer) walk(path []byte, a, b []byte) bool {
	switch {
	case a[0] == '{' && b[0] == '{':
		ia, ib := 1, 1
		for ia < len(a)-1 && ib < len(b)-1 {
			ka, va, na := oldMember(a, ia, true)
			kb, vb, nb := oldMember(b, ib, true)
			if !bytes.Equal(ka, kb) {
				break // the keys part: the rest is matched by name below
			}
			if !bytes.Equal(va, vb) && !d.diff(oldAppendToken(path, oldKeyToken(kb)), va, vb) {
				return false
			}
			ia, ib = na, nb
		}
		return d.walkRest(path, a[ia-1:], b[ib-1:])
	case a[0] == '[' && b[0] == '[':
		ia, ib, n := 1, 1, 0
		for ia < len(a)-1 && ib < len(b)-1 {
			_, va, na := oldMember(a, ia, false)
			_, vb, nb := oldMember(b, ib, false)
			if !bytes.Equal(va, vb) && !d.diff(oldAppendIndex(path, n), va, vb) {
				return false
			}
			ia, ib, n = na, nb, n+1
		}
		for ib < len(b)-1 {
			_, vb, nb := oldMember(b, ib, false)
			if !d.op("add", oldAppendToken(path, oldDash), vb) {
				return false
			}
			ib = nb
		}
		// Shorter: remove from the end, so every index is still valid.
		rest := n
		for ia < len(a)-1 {
			_, _, ia = oldMember(a, ia, false)
			rest++
		}
		for i := rest - 1; i >= n; i-- {
			if !d.op("remove", oldAppendIndex(path, i), nil) {
				return false
			}
		}
		return true
	}
	return d.op("replace", path, b)
}

// oldAppendToken is path with one more token.
func oldAppendToken(path, token []byte) []byte {
	return append(append(path, '/'), token...)
}

// oldAppendIndex is path with one more token, an array index.
func oldAppendIndex(path []byte, i int) []byte {
	return strconv.AppendInt(append(path, '/'), int64(i), 10)
}

// walkRest diffs what is left of two objects once their keys part, by
// name: a and b are the rests with the opening bracket's place (a comma,
// or the bracket itself) in front, as oldMembers reads them.
func (d *oldDiffer) walkRest(path []byte, a, b []byte) bool {
	if len(a) <= 2 && len(b) <= 2 {
		return true // both ended together: nothing is left
	}
	ka, va := oldMembers(a, true)
	kb, vb := oldMembers(b, true)
	at := make(map[string]int, len(ka))
	for i, k := range ka {
		at[string(k)] = i
	}
	inB := make(map[string]bool, len(kb))
	for i, k := range kb {
		inB[string(k)] = true
		j, ok := at[string(k)]
		p := oldAppendToken(path, oldKeyToken(k))
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
		if !inB[string(k)] && !d.op("remove", oldAppendToken(path, oldKeyToken(k)), nil) {
			return false
		}
	}
	return true
}

// op appends one operation.
func (d *oldDiffer) op(name string, path []byte, value []byte) bool {
	if d.recording > 0 {
		m := d.memo
		at := len(m.ptrs)
		m.ptrs = append(m.ptrs, path...)
		m.ops = append(m.ops, oldMemoOp{name, m.ptrs[at:len(m.ptrs):len(m.ptrs)], value})
	}
	if d.ops > 0 {
		d.out = append(d.out, ',')
	}
	d.ops++
	d.out = append(d.out, `{"op":"`...)
	d.out = append(d.out, name...)
	d.out = append(d.out, `","path":`...)
	d.out = oldAppendPointer(d.out, path)
	if value != nil {
		d.out = append(d.out, `,"value":`...)
		d.out = append(d.out, value...)
	}
	d.out = append(d.out, '}')
	return len(d.out) < d.limit
}

// oldAppendPointer writes the JSON string of a JSON Pointer.
func oldAppendPointer(out []byte, path []byte) []byte {
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

// oldKeyToken turns an object key, as its quoted JSON string, into a JSON
// Pointer token: unescaped, then with ~ and / escaped for the pointer. A
// plain key (every key of a Go struct) is a slice of the document.
func oldKeyToken(raw []byte) []byte {
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

// oldMembers splits a compact JSON object or array into its oldMembers: each
// key as its quoted JSON string (objects), and each value's bytes.
func oldMembers(v []byte, object bool) (keys, vals [][]byte) {
	for i := 1; i < len(v)-1; {
		k, val, next := oldMember(v, i, object)
		if object {
			keys = append(keys, k)
		}
		vals = append(vals, val)
		i = next
	}
	return keys, vals
}

// oldMember reads the oldMember of object or array v that starts at i: its key
// as its quoted JSON string (objects), its value, and where the next
// oldMember starts (past the comma; len(v) after the last).
func oldMember(v []byte, i int, object bool) (key, val []byte, next int) {
	if object {
		end := oldSkipString(v, i)
		key = v[i:end]
		i = end + 1 // the colon
	}
	end := oldSkipValue(v, i)
	return key, v[i:end], end + 1 // past the comma, or the closing bracket
}

// oldSkipValue returns the index just past the value that starts at i.
func oldSkipValue(v []byte, i int) int {
	switch v[i] {
	case '"':
		return oldSkipString(v, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			switch v[j] {
			case '"':
				j = oldSkipString(v, j) - 1
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

// oldSkipString returns the index just past the string that starts at i.
// Views are mostly text: jump from quote to quote.
func oldSkipString(v []byte, i int) int {
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
