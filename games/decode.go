package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// This file holds what every game does to the JSON a room hands it: read
// a command or the lobby's options strictly, check a command's fields
// against its type, and show a player's text back safely.

// MaxBody bounds every JSON document a game decodes (a command, the
// options): real ones are a few hundred bytes.
const MaxBody = 4096

// DecodeStrict decodes data, one JSON object, into v (a pointer). Unknown
// fields, a key given twice in one object (at any depth), a value of the
// wrong type, anything but an object and any data after it are refused;
// JSON null leaves v as it is. The refusal has the
// rule code "malformed" and a message that is a clause (lower case, no
// full stop) naming the field at fault, never a Go type, for the caller to
// set in a sentence of its own: "Unreadable command: %v.".
func DecodeStrict(data []byte, v any) error {
	if err := CheckKeys(data, v); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			if typeErr.Field != "" {
				return Refuse("malformed", "%q has the wrong type", typeErr.Field)
			}
			// The message would name v's Go type.
			return Refuse("malformed", "not valid JSON here (an object is expected, not %s)", typeErr.Value)
		}
		return Refuse("malformed", "not valid JSON here (%v)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Refuse("malformed", "unexpected data after the JSON object")
	}
	return nil
}

// CheckKeys refuses data, JSON, if one of its objects, at any depth, gives
// a key twice: encoding/json would keep the last, so
// {"type":"pass","type":"concede"} would concede. v is what data will be
// decoded into: an object read into a struct matches its fields whatever
// their letter case, so there "type" and "Type" are the same key; a map
// keeps both, so its keys are compared as written, and a value that reads
// itself (json.Unmarshaler) checks its own. With v nil every object counts
// as a struct. The refusal has the rule code "malformed" and a clause
// naming the key, like DecodeStrict's (which calls it before touching v).
// Data that is not JSON is checked as far as it goes and left for the
// decoder to refuse.
func CheckKeys(data []byte, v any) error {
	shape := keyShape{untyped: v == nil}
	if v != nil {
		shape.t = reflect.TypeOf(v)
	}
	if plainKeys(data, shape) {
		return nil
	}
	first, again, twice := duplicateKey(data, shape)
	switch {
	case !twice:
		return nil
	case first == again:
		return Refuse("malformed", "the key %q is given twice", again)
	}
	return Refuse("malformed", "the keys %q and %q are the same key given twice", first, again)
}

// keyShape is the Go type a part of a JSON document is decoded into, as far
// as repeated keys care: t is nil where it is not known (the keys of such
// an object are compared as written); untyped is set when no type was
// given at all (every object counts as a struct).
type keyShape struct {
	t       reflect.Type
	untyped bool
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// deref is s without its pointers; unknown if the type reads itself.
func (s keyShape) deref() keyShape {
	for s.t != nil && s.t.Kind() == reflect.Pointer {
		s.t = s.t.Elem()
	}
	if s.t != nil && (s.t.Implements(unmarshaler) || reflect.PointerTo(s.t).Implements(unmarshaler)) {
		s.t = nil
	}
	return s
}

// folds reports whether the keys of an object of shape s name struct
// fields, which encoding/json matches whatever their letter case.
func (s keyShape) folds() bool {
	return s.untyped || s.t != nil && s.t.Kind() == reflect.Struct
}

// member is the shape of the value under key in an object of shape s.
func (s keyShape) member(key string) keyShape {
	switch {
	case s.untyped || s.t == nil:
		return s
	case s.t.Kind() == reflect.Struct:
		return keyShape{t: fieldType(s.t, key)}
	case s.t.Kind() == reflect.Map:
		return keyShape{t: s.t.Elem()}
	}
	return keyShape{}
}

// elem is the shape of an element of an array of shape s.
func (s keyShape) elem() keyShape {
	if s.t != nil && (s.t.Kind() == reflect.Slice || s.t.Kind() == reflect.Array) {
		return keyShape{t: s.t.Elem()}
	}
	return keyShape{untyped: s.untyped}
}

// fieldType is the type of the field of struct t that encoding/json fills
// from key, embedded structs' fields included; nil if there is none.
func fieldType(t reflect.Type, key string) reflect.Type {
	want := foldKey(key)
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if tag == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if found := fieldType(ft, key); found != nil {
					return found
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if foldKey(name) == want {
			return f.Type
		}
	}
	return nil
}

// duplicateKey walks data, of shape s, as far as it is valid JSON and
// returns the first key that repeats an earlier key of the same object
// (again) with the key it repeats (first); twice is false when no key
// repeats.
func duplicateKey(data []byte, shape keyShape) (first, again string, twice bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(s keyShape) bool
	walk = func(s keyShape) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		s = s.deref()
		switch tok {
		case json.Delim('{'):
			seen := map[string]string{}
			fold := s.folds()
			for dec.More() {
				k, err := dec.Token()
				key, ok := k.(string)
				if err != nil || !ok {
					return false
				}
				same := key
				if fold {
					same = foldKey(key)
				}
				if f, ok := seen[same]; ok {
					first, again, twice = f, key, true
					return false
				}
				seen[same] = key
				if !walk(s.member(key)) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		case json.Delim('['):
			for dec.More() {
				if !walk(s.elem()) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		}
		return true
	}
	walk(shape)
	return first, again, twice
}

// plainKeys reports, without a decoder, that data (of shape s) is one
// JSON value, and whitespace, that gives no key twice: every command is
// checked, and the decoder's walk (duplicateKey) costs a token boxed per
// value, a map per object and a buffer. It answers only for the plain
// documents commands are: false means "ask duplicateKey", for a repeated
// key and for anything it does not read itself (a key escaped or not
// ASCII, a number with an exponent or over 64 bytes, more than 16 keys in
// an object, deeper than 32, data that is not JSON), so that CheckKeys
// answers as it did. TestCheckKeysIsTheWalk and FuzzCheckKeys hold it to
// the walk.
func plainKeys(data []byte, s keyShape) bool {
	p := keyScan{data: data}
	if !p.value(s, 0) {
		return false
	}
	p.space()
	return p.i == len(p.data)
}

// keyScan reads JSON for plainKeys: i is the next byte to read.
type keyScan struct {
	data []byte
	i    int
}

func (p *keyScan) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value reads one value at depth d; false if it is not plain or gives a
// key twice.
func (p *keyScan) value(s keyShape, d int) bool {
	p.space()
	if p.i == len(p.data) || d > 32 {
		return false
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(s.deref(), d)
	case c == '[':
		return p.array(s.deref(), d)
	case c == '"':
		_, _, ok := p.str()
		return ok
	case c == 't':
		return p.word("true")
	case c == 'f':
		return p.word("false")
	case c == 'n':
		return p.word("null")
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return false
}

func (p *keyScan) word(w string) bool {
	if len(p.data)-p.i < len(w) || string(p.data[p.i:p.i+len(w)]) != w {
		return false
	}
	p.i += len(w)
	return true
}

// number reads a number without an exponent, as JSON writes one, of up to
// 64 bytes (a float64 the decoder reads without fail).
func (p *keyScan) number() bool {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return false
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return false
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		return false
	}
	return p.i-start <= 64
}

// str reads a string; ok is false if it is not JSON. key is its bytes
// between the quotes, and plain whether they are a key plainKeys compares
// itself (ASCII, no escape).
func (p *keyScan) str() (key []byte, plain, ok bool) {
	p.i++ // the quote
	start, plain := p.i, true
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return p.data[start : p.i-1], plain, true
		case c < 0x20:
			return nil, false, false
		case c >= 0x80:
			plain = false
			p.i++
		case c == '\\':
			plain = false
			p.i++
			if p.i == len(p.data) {
				return nil, false, false
			}
			switch p.data[p.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				if len(p.data)-p.i < 5 {
					return nil, false, false
				}
				for _, h := range p.data[p.i+1 : p.i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return nil, false, false
					}
				}
				p.i += 5
			default:
				return nil, false, false
			}
		default:
			p.i++
		}
	}
	return nil, false, false
}

func (p *keyScan) object(s keyShape, d int) bool {
	p.i++ // {
	var keys [16][]byte
	n := 0
	fold := s.folds()
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return true
	}
	for {
		p.space()
		if p.i == len(p.data) || p.data[p.i] != '"' || n == len(keys) {
			return false
		}
		key, plain, ok := p.str()
		if !ok || !plain {
			return false
		}
		for _, k := range keys[:n] {
			if sameKey(k, key, fold) {
				return false // duplicateKey words the refusal
			}
		}
		keys[n] = key
		n++
		p.space()
		if p.i == len(p.data) || p.data[p.i] != ':' {
			return false
		}
		p.i++
		p.space()
		// A scalar's shape matters not: the member's is found (by
		// reflection, for a struct) only for an object or a list.
		var ms keyShape
		if p.i < len(p.data) && (p.data[p.i] == '{' || p.data[p.i] == '[') {
			ms = s.member(string(key))
		}
		if !p.value(ms, d+1) {
			return false
		}
		if more, ok := p.after('}'); !more {
			return ok
		}
	}
}

func (p *keyScan) array(s keyShape, d int) bool {
	p.i++ // [
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return true
	}
	for {
		if !p.value(s.elem(), d+1) {
			return false
		}
		if more, ok := p.after(']'); !more {
			return ok
		}
	}
}

// after reads what follows a member or an element: a comma (more comes),
// or end, the container's close (it is done, well formed); anything else
// is not plain JSON (ok false).
func (p *keyScan) after(end byte) (more, ok bool) {
	p.space()
	if p.i == len(p.data) {
		return false, false
	}
	switch p.data[p.i] {
	case ',':
		p.i++
		return true, true
	case end:
		p.i++
		return false, true
	}
	return false, false
}

// sameKey compares two plain keys as duplicateKey does: folded (for ASCII,
// foldKey is upper case), or as written.
func sameKey(a, b []byte, fold bool) bool {
	if !fold {
		return string(a) == string(b)
	}
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'a' <= x && x <= 'z' {
			x -= 'a' - 'A'
		}
		if 'a' <= y && y <= 'z' {
			y -= 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// foldKey folds a key as encoding/json does when it matches a field name:
// each letter becomes the smallest of the letters that fold to it.
func foldKey(k string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, k)
}

// DecodeCommand reads a command's body into v with DecodeStrict. A body
// longer than MaxBody, or one DecodeStrict refuses, is refused with the
// rule code "malformed": "The command is too long.", "Unreadable command:
// … .". Whether the command's type and fields make sense is the game's to
// check (Fields).
func DecodeCommand(body []byte, v any) error {
	if len(body) > MaxBody {
		return Refuse("malformed", "The command is too long.")
	}
	if err := DecodeStrict(body, v); err != nil {
		return Refuse("malformed", "Unreadable command: %v.", err)
	}
	return nil
}

// DecodeOptions reads the lobby's options JSON into v, a pointer to the
// game's options: nil, empty or null leaves v as it is (the defaults).
// Options are not a move, so the error names no rule: "the options are
// too long", or "options: " and DecodeStrict's clause.
func DecodeOptions(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return nil
	}
	if len(trimmed) > MaxBody {
		return errors.New("the options are too long")
	}
	if err := DecodeStrict(trimmed, v); err != nil {
		return fmt.Errorf("options: %v", err)
	}
	return nil
}

// Fields is what one type of command takes, by JSON key: the fields it
// needs and those it may add.
type Fields struct{ Need, May []string }

// Check compares the fields a command holds (present, by JSON key) with
// f. It returns the first of f.Need that is absent, or else the first key
// of order that is present though f neither needs nor allows it; both are
// "" for a command of the right shape. order lists every field of the
// game's command, so that the answer never depends on a map's order.
func (f Fields) Check(present map[string]bool, order []string) (missing, extra string) {
	for _, k := range f.Need {
		if !present[k] {
			return k, ""
		}
	}
	for _, k := range order {
		if present[k] && !slices.Contains(f.Need, k) && !slices.Contains(f.May, k) {
			return "", k
		}
	}
	return "", ""
}

// CommandNames lists the keys of a game's table of command types, sorted
// and without the room's own (the system types, such as "start"): the
// types a refusal tells a player to use.
func CommandNames[V any](types map[string]V, system ...string) []string {
	names := make([]string, 0, len(types))
	for n := range types {
		if !slices.Contains(system, n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// MustJSON is v's JSON, for a value that cannot fail to marshal (a command
// of strings, numbers and lists of them); it panics if it does.
func MustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Quote shows a player's own text back in a sentence, quoted and cut
// short after 16 characters so that a hostile message cannot flood the
// log: "abc" or "abcdefghijklmnop"... .
func Quote(s string) string {
	const most = 16
	r := []rune(s)
	if len(r) > most {
		return fmt.Sprintf("%q...", string(r[:most]))
	}
	return fmt.Sprintf("%q", s)
}
