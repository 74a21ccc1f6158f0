package games

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// referenceCheckKeys is CheckKeys as it was before plainKeys: every
// document walked by the decoder (its walk, duplicateKey, copied here
// whole, so that the reference stays what it was whatever becomes of the
// fallback). TestCheckKeysIsTheWalk and FuzzCheckKeys hold CheckKeys to it.
func referenceCheckKeys(data []byte, v any) error {
	shape := keyShape{untyped: v == nil}
	if v != nil {
		shape.t = reflect.TypeOf(v)
	}
	first, again, twice := referenceDuplicateKey(data, shape)
	switch {
	case !twice:
		return nil
	case first == again:
		return Refuse("malformed", "the key %q is given twice", again)
	}
	return Refuse("malformed", "the keys %q and %q are the same key given twice", first, again)
}

func referenceDuplicateKey(data []byte, shape keyShape) (first, again string, twice bool) {
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

// keyShapes are the types CheckKeys is asked about: none (every object a
// struct), a command, a struct with maps, lists, an embedded struct, a
// value that reads itself and an any.
type keyInner struct {
	X int `json:"x"`
}
type keyReads struct{ raw []byte }

func (r *keyReads) UnmarshalJSON(b []byte) error { r.raw = b; return nil }

type keyEmbedded struct {
	Deep map[string]keyInner `json:"deep"`
}
type keyOuter struct {
	keyEmbedded
	Type  string            `json:"type"`
	Place map[string]string `json:"place"`
	In    *keyInner         `json:"in"`
	List  []keyInner        `json:"list"`
	Any   any               `json:"any"`
	Reads keyReads          `json:"reads"`
}

var keyTargets = []any{nil, &sample{}, &keyOuter{}, &map[string]any{}, &[]keyOuter{}}

// sameAsWalk fails unless CheckKeys answers data as the reference does, to
// the word, and plainKeys, where it answers, is right.
func sameAsWalk(t *testing.T, data []byte, v any) {
	t.Helper()
	got, want := CheckKeys(data, v), referenceCheckKeys(data, v)
	if (got == nil) != (want == nil) || got != nil && (got.Error() != want.Error() || RuleOf(got) != RuleOf(want)) {
		t.Fatalf("%q into %T: CheckKeys says %v, the walk %v", data, v, got, want)
	}
	shape := keyShape{untyped: v == nil}
	if v != nil {
		shape.t = reflect.TypeOf(v)
	}
	if plainKeys(data, shape) && want != nil {
		t.Fatalf("%q into %T: plainKeys passed a key given twice: %v", data, v, want)
	}
}

// randomDoc writes a JSON document at random, mostly valid, with keys
// that repeat in other cases, escapes, non-ASCII, numbers of every form,
// whitespace, and now and then a byte cut, swapped or added.
func randomDoc(r *rand.Rand) []byte {
	keys := []string{"type", "Type", "TYPE", "x", "X", "n", "place", "in", "list", "any", "deep", "reads", "b1", "B1",
		"k", "K", "\u212a", "s", "\u017f", "ty\\u0070e", "é", "\xff", "", "a b", "<", "names"}
	scalars := []string{`1`, `-0`, `0.5`, `1e3`, `1E400`, `12345678901234567890123456789012345678901234567890123456789012345678901234567890`,
		`"go"`, `"\u00e9"`, `"\ud800"`, `"a\"b"`, `"\xff"`, `true`, `false`, `null`, `01`, `-`, `1.`, `"\x01"`, `"\q"`}
	space := func() string { return []string{"", "", "", " ", "\n\t", "\r"}[r.IntN(6)] }
	var b []byte
	var value func(d int)
	value = func(d int) {
		b = append(b, space()...)
		switch k := r.IntN(10); {
		case k < 4 && d < 5:
			b = append(b, '{')
			n := r.IntN(5)
			if r.IntN(20) == 0 {
				n = 17 + r.IntN(3)
			}
			for i := range n {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, space()...)
				key := keys[r.IntN(len(keys))]
				if r.IntN(8) == 0 {
					key = string(rune('a'+r.IntN(26))) + key
				}
				b = append(b, '"')
				b = append(b, key...)
				b = append(b, '"')
				b = append(b, space()...)
				b = append(b, ':')
				value(d + 1)
			}
			b = append(b, space()...)
			b = append(b, '}')
		case k < 6 && d < 5:
			b = append(b, '[')
			for i := range r.IntN(4) {
				if i > 0 {
					b = append(b, ',')
				}
				value(d + 1)
			}
			b = append(b, ']')
		default:
			b = append(b, scalars[r.IntN(len(scalars))]...)
		}
		b = append(b, space()...)
	}
	value(0)
	switch r.IntN(12) {
	case 0:
		b = b[:r.IntN(len(b)+1)]
	case 1:
		b = append(b, []string{"}", "{}", "x", " ", "]"}[r.IntN(5)]...)
	case 2:
		if len(b) > 0 {
			b[r.IntN(len(b))] = "{}[],:\" x1\\"[r.IntN(11)]
		}
	case 3:
		b = bytes.Repeat([]byte("["), 40)
		b = append(append(b, `{"a":1}`...), bytes.Repeat([]byte("]"), 40)...)
	}
	return b
}

// TestCheckKeysIsTheWalk: CheckKeys, which reads plain documents itself,
// gives the decoder's walk's answer, to the word, for the documents the
// table lists and 40,000 made at random, into every kind of target; and it
// reads every real command itself.
func TestCheckKeysIsTheWalk(t *testing.T) {
	for _, s := range []string{``, ` `, `null`, `{}`, `[]`, `5`, `{"type":"go"}`, `{"type":"go","type":"x"}`,
		`{"type":"go","Type":"x"}`, `{"a":1e400,"a":2}`, `{"a":01,"a":2}`, `{"a":1,"a":2`, `{"a":1,"a":`,
		`{"ty\u0070e":1,"type":2}`, `{"K":1,"\u212a":2}`, `{"\xff":1,"\xfe":2}`, `{"type":"go"}}`, `{"type":"go"} {"a":1,"a":2}`,
		`{"in":{"x":1,"X":2}}`, `{"place":{"b1":1,"B1":2}}`, `{"reads":{"a":1,"A":2}}`, `{"any":{"k":1,"K":2}}`,
		`{"list":[{"x":1},{"X":1,"x":2}]}`, `{"deep":{"a":{"x":1},"A":{"X":1,"x":2}}}`, "{\"a\":\"\x01\"}", `[{"a":1,"A":2}]`} {
		for _, v := range keyTargets {
			sameAsWalk(t, []byte(s), v)
		}
	}
	n := 40000
	if testing.Short() {
		n = 8000
	}
	plain, twice := 0, 0
	for i := range n {
		r := rand.New(rand.NewPCG(uint64(i), 26))
		doc := randomDoc(r)
		v := keyTargets[r.IntN(len(keyTargets))]
		sameAsWalk(t, doc, v)
		shape := keyShape{untyped: v == nil}
		if v != nil {
			shape.t = reflect.TypeOf(v)
		}
		if plainKeys(doc, shape) {
			plain++
		}
		if CheckKeys(doc, v) != nil {
			twice++
		}
	}
	if plain < n/10 || twice < n/100 {
		t.Fatalf("of %d documents, %d read plainly and %d refused: the test misses a side", n, plain, twice)
	}
	for _, c := range []string{`{"type":"course","crew":"blue","role":"captain","dir":"NORTH"}`,
		` {"type": "mark", "panel": "WEST", "symbol": 3} `, `{"type":"sonar_answer","facts":[{"type":"row","value":3},{"type":"column","value":"C"}]}`,
		`{"type":"secure","section":2,"trace":[[0,0],[300,180],[12,-0.5]]}`, `{"type":"inspect","ok":false,"section":1}`} {
		if !plainKeys([]byte(c), keyShape{untyped: true}) {
			t.Errorf("%s is read by the decoder, not plainly", c)
		}
	}
}

func FuzzCheckKeys(f *testing.F) {
	for _, s := range []string{`{"type":"go","n":2}`, `{"a":1,"A":2}`, `{"a":{"b":[1,{"c":1,"C":2}]}}`, `{"a":1e400,"a":2}`} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, target uint8) {
		sameAsWalk(t, data, keyTargets[int(target)%len(keyTargets)])
	})
}

// BenchmarkCheckKeys: a Captain Sonar order checked for repeated keys, by
// CheckKeys and by the decoder's walk it replaced (issue 26).
func BenchmarkCheckKeys(b *testing.B) {
	order := []byte(`{"type":"course","crew":"red","role":"captain","dir":"WEST"}`)
	for _, c := range []struct {
		name  string
		check func([]byte, any) error
	}{{"plain", CheckKeys}, {"walk", referenceCheckKeys}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := c.check(order, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
