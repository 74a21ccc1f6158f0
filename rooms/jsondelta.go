package rooms

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
)

// diffJSON writes an RFC 6902 JSON Patch that turns document a into b, or
// returns false once the patch would be limit bytes or more (the whole
// document is then the smaller message). Both documents come from
// json.Marshal: compact and valid. It compares the bytes, never decoding a
// value, and reads them once: the parts of a view before its first
// change are read in a alone, a change in one walk however deep it lies,
// and the parts after its last change not at all (see members). This is
// the runtime's hot path (every seat with phones, every version):
// decoding whole views into maps to diff them was most of a room's time.
func diffJSON(a, b []byte, limit int) ([]byte, bool) {
	return diffJSONInto(make([]byte, 0, 256), a, b, limit, nil)
}

// diffJSONInto is diffJSON writing the patch into dst[:0]: the room diffs
// every seat's view into one buffer, whose patch the frame copies.
//
// memo, if not nil, is shared by the seats of one version: a part of the
// view (a member of the top object) that another seat's diff walked, with
// the same bytes in both versions, gets that walk's ops without a walk.
// Seats of one team usually share their team's state, most of their view.
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
	chain chain // see members
	memo  *diffMemo
}

// diffMemo is what the seats of a version walked of the members of their
// views' top objects: for each, the member's path, its old and new bytes
// up to where the walk ended, and the ops it made. The room keeps one,
// emptied for each version (reset); the bytes are the views', which live
// through the version.
type diffMemo struct {
	parts []memoPart
	bytes []byte // the parts' paths and ops, one after another
}

type memoPart struct {
	path   [2]int // its run of memo.bytes
	a, b   []byte
	ops    [2]int // the run of memo.bytes of its ops, comma-separated
	nops   int
	sameOn bool // the walk ended where the rest of the views was the same
}

// reset empties the memo for a new version, keeping its room.
func (m *diffMemo) reset() {
	clear(m.parts) // no view of the last version is kept alive
	m.parts, m.bytes = m.parts[:0], m.bytes[:0]
}

// replay gives the ops a seat's walk of the top member at path would
// make, if another seat walked the same bytes: a[va:] and b[vb:] begin
// with what that walk read, and if it ended because the rest of its views
// was the same, the rest of a and b is the same from there too (tail is
// a and b's common suffix). The walk's ops depend on nothing else (see
// members). It returns where the member ends in each (the comma or
// bracket after it), or, with same, where the rest is the same.
func (d *differ) replay(path []byte, a, b []byte, va, vb, tail int) (ea, eb int, same, ok bool) {
	for i := range d.memo.parts {
		m := &d.memo.parts[i]
		if !bytes.Equal(d.memo.bytes[m.path[0]:m.path[1]], path) || !bytes.HasPrefix(a[va:], m.a) || !bytes.HasPrefix(b[vb:], m.b) {
			continue
		}
		ea, eb = va+len(m.a), vb+len(m.b)
		if m.sameOn && (len(a)-ea != len(b)-eb || len(a)-ea > tail) {
			continue
		}
		ops := d.memo.bytes[m.ops[0]:m.ops[1]]
		if m.nops > 0 {
			// All at once only if no op on the way passes the limit: op
			// by op, the walk would stop at that op.
			if len(d.out)+1+len(ops) >= d.limit {
				return 0, 0, false, false
			}
			if d.ops > 0 {
				d.out = append(d.out, ',')
			}
			d.out = append(d.out, ops...)
			d.ops += m.nops
		}
		return ea, eb, m.sameOn, true
	}
	return 0, 0, false, false
}

// remember records a walk of the top member at path: a[va:ea] and
// b[vb:eb] read, its ops out[from:] (n of them, after before others),
// sameOn as replay says.
func (d *differ) remember(path []byte, a, b []byte, va, ea, vb, eb, from, before, n int, sameOn bool) {
	ops := d.out[from:]
	if n > 0 && before > 0 {
		ops = ops[1:] // the comma after the ops before them
	}
	m := d.memo
	at := len(m.bytes)
	m.bytes = append(append(m.bytes, path...), ops...)
	m.parts = append(m.parts, memoPart{path: [2]int{at, at + len(path)}, a: a[va:ea], b: b[vb:eb], ops: [2]int{at + len(path), len(m.bytes)}, nops: n, sameOn: sameOn})
}

// diff emits the ops for one value at path (a JSON Pointer, its tokens
// escaped). It returns false when the limit is passed.
func (d *differ) diff(path []byte, a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	return d.walk(path, a, b)
}

// walk diffs two different values.
func (d *differ) walk(path []byte, a, b []byte) bool {
	if (a[0] == '{' && b[0] == '{') || (a[0] == '[' && b[0] == '[') {
		_, _, st := d.members(path, a, b, 1, 1, 0, a[0] == '{', commonSuffix(a, b), 0, -1)
		return st != cut
	}
	return d.op("replace", path, b)
}

// How members' walk ended.
const (
	going = iota // the containers ended where it says
	same         // the rest of the documents is the same bytes: nothing more changed
	cut          // the patch passed its limit
)

// members walks an object (or array) of a and one of the same kind of b,
// member by member in step, from a[ia] and b[ib]: each the start of their
// n-th member, or their closing bracket. It returns where each ends. a
// and b are the documents being diffed, whose last tail bytes are the
// same: once what is left of a is what is left of b, nothing else changed
// anywhere, and members says so (same) without reading further.
//
// A member is read in both documents only where they differ. The walk
// finds where the bytes a and b share from here end (eq), then reads a
// alone up to there once (reach): the members before the one that holds
// that place, at this level and at each level below, are the same in b,
// and the walk goes down that chain of members without reading them
// again (lvl is this level's place in the chain; -1: none yet). Past a
// change it looks for the next one the same way. So an unchanged part of
// a view costs a comparison of bytes, a change costs reading a up to it
// once whatever its depth, and what follows the last change nothing.
//
// Views of one Go type list their keys in the same order; where the keys
// part, the rest of the object is matched by name (walkRest).
func (d *differ) members(path []byte, a, b []byte, ia, ib, n int, object bool, tail, eq, lvl int) (int, int, int) {
	for {
		if c, e := a[ia], b[ib]; c == '}' || c == ']' || e == '}' || e == ']' {
			return d.rest(path, a, b, ia-1, ib-1, n, object)
		}
		if len(a)-ia == len(b)-ib && len(a)-ia <= tail {
			return ia, ib, same
		}
		// a[ia:eq] is b[ib:ib+eq-ia]: the run of equal bytes from here.
		if eq <= ia {
			eq, lvl = ia+commonPrefix(a[ia:], b[ib:]), -1
		}
		if lvl == -1 {
			end, ok := d.reach(a, ia, eq)
			switch {
			case end >= 0:
				// The container ends in the run: it is the same in b.
				return end, ib + end - ia, going
			case ok:
				lvl = 0
			default:
				lvl = -2 // deeper than the chain holds: member by member
			}
		}
		if lvl >= 0 {
			// The members before the one that holds eq are in the run.
			at := d.chain.start[lvl]
			ib += at - ia
			ia, n = at, n+d.chain.index[lvl]
		}
		va, vb, kb := ia, ib, ib
		if object {
			ka := skipString(a, ia)
			kb = ib + ka - ia
			if ka > eq {
				kb = skipString(b, ib)
				if !bytes.Equal(a[ia:ka], b[ib:kb]) {
					// The keys part: the rest is matched by name.
					return d.rest(path, a, b, ia-1, ib-1, n, true)
				}
			}
			va, vb = ka+1, kb+1 // past the colons
		}
		// down: the value is a container that holds eq (the chain goes on).
		down := lvl >= 0 && lvl+1 < d.chain.depth
		ea, eb := eq, 0
		if !down && va < eq {
			ea = skipValue(a[:eq], va) // eq if the value does not end before it
		}
		if ea < eq {
			// The value and the comma or bracket after it are in the run.
			eb = vb + ea - va
		} else {
			// The member's path, made only for a member that changed.
			var p []byte
			if object {
				p = appendToken(path, keyToken(b[ib:kb]))
			} else {
				p = appendIndex(path, n)
			}
			if ca, cb := a[va], b[vb]; (ca == '{' && cb == '{') || (ca == '[' && cb == '[') {
				run, below := 0, -1
				if vb-va == ib-ia {
					run = eq // the keys were the same length: the run goes on
					if down {
						below = lvl + 1
					}
				}
				// A member of the top object: another seat's walk of
				// the same bytes may have made its ops already.
				top := d.memo != nil && len(path) == 0
				var st int
				if top {
					var sameOn, ok bool
					if ea, eb, sameOn, ok = d.replay(p, a, b, va, vb, tail); ok {
						if sameOn {
							return ea, eb, same
						}
						goto next
					}
				}
				from, n0 := len(d.out), d.ops
				ea, eb, st = d.members(p, a, b, va+1, vb+1, 0, ca == '{', tail, run, below)
				if top && st != cut {
					d.remember(p, a, b, va, ea, vb, eb, from, n0, d.ops-n0, st == same)
				}
				if st != going {
					return ea, eb, st
				}
			} else {
				ea, eb = skipValue(a, va), skipValue(b, vb)
				if !bytes.Equal(a[va:ea], b[vb:eb]) && !d.op("replace", p, b[vb:eb]) {
					return 0, 0, cut
				}
			}
		}
	next:
		n++
		switch endA, endB := a[ea] != ',', b[eb] != ','; {
		case endA && endB:
			return ea + 1, eb + 1, going
		case endA || endB:
			return d.rest(path, a, b, ea, eb, n, object)
		}
		ia, ib = ea+1, eb+1
	}
}

// chain is where a run of equal bytes ends in a, as reach finds it: at
// each depth from the level it starts at, the member that holds that
// place (where it starts, and its index among its container's members).
type chain struct {
	depth int
	start [16]int
	index [16]int
}

// reach reads a from i (a member's start, at depth 0) up to eq, and
// writes d.chain. If the container closes before eq, end is the index
// past its closing bracket; otherwise end is -1, and ok is false if eq
// lies deeper than the chain holds.
func (d *differ) reach(a []byte, i, eq int) (end int, ok bool) {
	ch := &d.chain
	depth := 0
	ch.start[0], ch.index[0] = i, 0
	for j := i; j < eq; j++ {
		switch scan[a[j]] {
		case 1:
			for j++; j < len(a) && a[j] != '"'; j++ {
				if a[j] == '\\' {
					j++
				}
			}
		case 2:
			if depth++; depth == len(ch.start) {
				return -1, false
			}
			ch.start[depth], ch.index[depth] = j+1, 0
		case 3:
			if depth == 0 {
				return j + 1, true
			}
			depth--
		case 4:
			ch.start[depth] = j + 1
			ch.index[depth]++
		}
	}
	ch.depth = depth + 1
	return -1, true
}

// rest diffs what is left of two containers once they part: a[ia] and
// b[ib] are each the comma (or bracket) before what is left, n members
// in. An object's rest is matched by name; an array's extra members are
// added, or removed from the end, so every index is still valid.
func (d *differ) rest(path []byte, a, b []byte, ia, ib, n int, object bool) (int, int, int) {
	ea, eb := closing(a, ia, object), closing(b, ib, object)
	if object {
		if !d.walkRest(path, a[ia:ea], b[ib:eb]) {
			return 0, 0, cut
		}
		return ea, eb, going
	}
	for i := ib + 1; i < eb-1; {
		e := skipValue(b, i)
		if !d.op("add", appendToken(path, dash), b[i:e]) {
			return 0, 0, cut
		}
		i = e + 1
	}
	more := n
	for i := ia + 1; i < ea-1; i = skipValue(a, i) + 1 {
		more++
	}
	for i := more - 1; i >= n; i-- {
		if !d.op("remove", appendIndex(path, i), nil) {
			return 0, 0, cut
		}
	}
	return ea, eb, going
}

// closing returns the index past the bracket that closes the object
// (or array) whose next member follows v[i]: the comma, or the opening
// bracket, before it; or that bracket, v[i] itself.
func closing(v []byte, i int, object bool) int {
	for {
		if c := v[i]; c == '}' || c == ']' {
			return i + 1
		}
		j := i + 1
		if c := v[j]; c == '}' || c == ']' {
			return j + 1
		}
		if object {
			j = skipString(v, j) + 1 // past the colon
		}
		i = skipValue(v, j)
	}
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
	// Views' objects are small: their members are split onto the stack
	// and looked up by a scan, a map only for a large one.
	var bufA, bufB [24]pair
	ma, mb := split(bufA[:0], a), split(bufB[:0], b)
	var at map[string]int
	var inB map[string]bool
	if len(ma) > len(bufA) || len(mb) > len(bufB) {
		at, inB = make(map[string]int, len(ma)), make(map[string]bool, len(mb))
		for i, m := range ma {
			at[string(m.key)] = i // the last of a repeated key, as a scan finds it
		}
		for _, m := range mb {
			inB[string(m.key)] = true
		}
	}
	for _, m := range mb {
		p := appendToken(path, keyToken(m.key))
		var j int
		var ok bool
		if at != nil {
			j, ok = at[string(m.key)]
		} else {
			j, ok = findKey(ma, m.key)
		}
		if !ok {
			if !d.op("add", p, m.val) {
				return false
			}
			continue
		}
		if !d.diff(p, ma[j].val, m.val) {
			return false
		}
	}
	for _, m := range ma {
		var ok bool
		if inB != nil {
			ok = inB[string(m.key)]
		} else {
			_, ok = findKey(mb, m.key)
		}
		if !ok && !d.op("remove", appendToken(path, keyToken(m.key)), nil) {
			return false
		}
	}
	return true
}

// findKey finds the last member of ms named k, by a scan.
func findKey(ms []pair, k []byte) (int, bool) {
	for j := len(ms) - 1; j >= 0; j-- {
		if bytes.Equal(ms[j].key, k) {
			return j, true
		}
	}
	return 0, false
}

// op appends one operation.
func (d *differ) op(name string, path []byte, value []byte) bool {
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

// pair is an object's member: its key as its quoted JSON string, and its
// value.
type pair struct{ key, val []byte }

// split appends the members of a compact JSON object to dst.
func split(dst []pair, v []byte) []pair {
	for i := 1; i < len(v)-1; {
		k, val, next := member(v, i, true)
		dst = append(dst, pair{k, val})
		i = next
	}
	return dst
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

// commonPrefix is the length of the longest prefix a and b share:
// compared 64 bytes at a time, then eight.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && bytes.Equal(a[i:i+64], b[i:i+64]) {
		i += 64 // memequal's vector compare
	}
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix is the length of the longest suffix a and b share.
func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[len(a)-i-8:]) ^ binary.LittleEndian.Uint64(b[len(b)-i-8:]); x != 0 {
			return i + bits.LeadingZeros64(x)/8
		}
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// scan classes the bytes that matter to reading past a value.
var scan = [256]uint8{'"': 1, '{': 2, '[': 2, '}': 3, ']': 3, ',': 4}

// skipValue returns the index just past the value that starts at i, or
// len(v) if it does not end in v.
func skipValue(v []byte, i int) int {
	switch v[i] {
	case '"':
		return skipString(v, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			switch scan[v[j]] {
			case 1:
				for j++; j < len(v) && v[j] != '"'; j++ {
					if v[j] == '\\' {
						j++
					}
				}
			case 2:
				depth++
			case 3:
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

// skipString returns the index just past the string that starts at i, or
// len(v) if it does not end in v. A view's strings are short (keys,
// names, cells): a loop over bytes reads them faster than a search for
// the quote (bytes.IndexByte) or eight bytes at a time.
func skipString(v []byte, i int) int {
	for j := i + 1; j < len(v); j++ {
		switch v[j] {
		case '"':
			return j + 1
		case '\\':
			j++ // and what it escapes
		}
	}
	return len(v)
}
