package sonar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"periscope/sonar/chart"
)

// referenceParseOrder is ParseOrder as it was before readPlain: every
// order read by encoding/json's decoder, copied here whole. The tests
// below hold ParseOrder to it: the same orders, the same refusals, to the
// word and the code.
func referenceParseOrder(b []byte) (Order, error) {
	if len(b) > MaxCommand {
		return Order{}, refuseNow(CodeMalformed, "command too long")
	}
	var w wire
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return Order{}, refuseNow(CodeMalformed, "malformed command: %v", err)
	}
	if d.More() {
		return Order{}, refuseNow(CodeMalformed, "malformed command: trailing data")
	}
	want, ok := shapes[w.Type]
	if !ok {
		return Order{}, refuseNow(CodeMalformed, "unknown command type %q", w.Type)
	}
	cmd := Command{Type: w.Type}
	if roomOnly(w.Type) && (w.Crew != nil || w.Role != nil) {
		return Order{}, refuseNow(CodeMalformed, "%s takes no crew or role", w.Type)
	}
	if w.Crew != nil {
		cmd.Crew = *w.Crew
	}
	if w.Role != nil {
		cmd.Role = *w.Role
	}
	has := referencePresent(&w)
	for _, f := range want {
		if !has[wireField(f)] {
			return Order{}, refuseNow(CodeMalformed, "%s needs a %s", w.Type, f)
		}
		has[wireField(f)] = false
	}
	for _, f := range optional[w.Type] {
		has[wireField(f)] = false
	}
	for i, p := range has {
		if p {
			return Order{}, refuseNow(CodeMalformed, "%s takes no %s", w.Type, wireFields[i])
		}
	}
	if w.Dir != nil {
		cmd.Dir = *w.Dir
	}
	if w.Distance != nil {
		cmd.Distance = *w.Distance
	}
	if w.Cell != nil {
		cmd.Cell = *w.Cell
	}
	if w.System != nil {
		cmd.System = *w.System
	}
	if w.Panel != nil {
		cmd.Panel = *w.Panel
	}
	if w.Symbol != nil {
		cmd.Symbol = *w.Symbol
	}
	if w.Sector != nil {
		cmd.Sector = *w.Sector
	}
	if w.Section != nil {
		cmd.Section = *w.Section
	}
	if w.OK != nil {
		cmd.OK = *w.OK
	}
	if w.Trace != nil {
		if err := w.Trace.check(); err != nil {
			return Order{}, err
		}
		cmd.Trace = w.Trace
	}
	if w.Type == TypeSonarAnswer {
		if len(w.Facts) != 2 {
			return Order{}, refuseNow(CodeTwoFacts, "a sonar answer gives exactly two facts")
		}
		cmd.Facts = w.Facts
	}
	return Order{Command: cmd, CrewGiven: w.Crew != nil, RoleGiven: w.Role != nil}, nil
}

func referencePresent(w *wire) [len(wireFields)]bool {
	return [...]bool{w.Dir != nil, w.Distance != nil, w.Cell != nil,
		w.System != nil, w.Panel != nil, w.Symbol != nil,
		w.Sector != nil, w.Section != nil, w.Facts != nil,
		w.OK != nil, w.Trace != nil}
}

// sameAsDecoder fails unless ParseOrder reads b as the decoder did.
func sameAsDecoder(t *testing.T, b []byte) {
	t.Helper()
	got, err := ParseOrder(b)
	want, werr := referenceParseOrder(b)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: ParseOrder says %v, the decoder %v", b, err, werr)
	}
	if err != nil {
		ge, we := err.(*RuleError), werr.(*RuleError)
		if ge.Code != we.Code || ge.Error() != we.Error() {
			t.Fatalf("%q: ParseOrder refuses %s %q, the decoder %s %q", b, ge.Code, ge.Error(), we.Code, we.Error())
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: ParseOrder reads %+v, the decoder %+v", b, got, want)
	}
}

// randomOrder writes an order at random, mostly as phones and bots write
// them, with fields of other types, spellings the decoder reads in other
// ways (case, escapes, spaces), values of the wrong kind or out of range,
// keys twice, and now and then a byte cut, swapped or added.
func randomOrder(r *rand.Rand) []byte {
	types := []string{"start", "tick", "place", "course", "silence", "surface", "charge", "mark", "end_turn", "mine",
		"trigger", "torpedo", "drone", "sonar", "sonar_answer", "archer", "secure", "inspect", "dive", "fly", "", "Course"}
	vals := map[string][]string{
		"crew":     {`"blue"`, `"red"`, `"RED"`, `"Blue"`, `"green"`, `1`, `null`, `"bl\u0075e"`, `" blue"`},
		"role":     {`"captain"`, `"first_mate"`, `"engineer"`, `"radio_operator"`, `"First Mate"`, `"firstmate"`, `"cook"`, `0`, `null`},
		"dir":      {`"NORTH"`, `"EAST"`, `"SOUTH"`, `"WEST"`, `"n"`, `"w"`, `"north"`, `" N "`, `"up"`, `"NORTHWEST"`, `3`, `null`},
		"panel":    {`"WEST"`, `"N"`, `"s"`, `"x"`, `""`},
		"distance": {`0`, `1`, `4`, `-1`, `-0`, `01`, `1.0`, `1e0`, `99999999999999999999`, `123456789012345678`, `"2"`, `null`, `true`},
		"cell":     {`"C6"`, `"o15"`, `"A1"`, `"Z99"`, `"C0"`, `"C06"`, `"C+6"`, `" c6"`, `"6C"`, `"C"`, `"C100"`, `"\u00e96"`, `7`},
		"system":   {`"torpedo"`, `"mine"`, `"drone"`, `"sonar"`, `"silence"`, `"scenario"`, `"TORPEDO"`, `"laser"`},
		"symbol":   {`0`, `5`, `6`, `-3`},
		"sector":   {`1`, `9`, `0`, `10`},
		"section":  {`1`, `4`, `0`, `5`},
		"ok":       {`true`, `false`, `"true"`, `1`, `null`},
		"facts":    {`[{"type":"row","value":3},{"type":"column","value":"C"}]`, `[]`, `[{"type":"sector","value":"4"}]`, `null`},
		"trace":    {`[[0,0],[300,180]]`, `[[0,0]]`, `[[1,2],[3,4],[301,0]]`, `[]`, `[[1.5,2],[3,4]]`},
		"extra":    {`1`},
		"Dir":      {`"N"`},
	}
	keys := []string{"crew", "role", "dir", "panel", "distance", "cell", "system", "symbol", "sector", "section", "ok", "facts", "trace", "extra", "Dir"}
	space := func() string { return []string{"", "", "", " ", "\n\t", "\r "}[r.IntN(6)] }
	var b bytes.Buffer
	b.WriteString(space() + "{" + space())
	parts := 0
	if r.IntN(12) > 0 {
		fmt.Fprintf(&b, `"type"%s:%s%q`, space(), space(), types[r.IntN(len(types))])
		parts++
	}
	for range r.IntN(5) {
		k := keys[r.IntN(len(keys))]
		if r.IntN(3) > 0 {
			k = keys[r.IntN(4)] // crew, role, dir and panel the most
		}
		if parts > 0 {
			b.WriteString(space() + "," + space())
		}
		vs := vals[k]
		fmt.Fprintf(&b, `"%s"%s:%s%s`, k, space(), space(), vs[r.IntN(len(vs))])
		parts++
	}
	if r.IntN(20) == 0 && parts > 0 {
		b.WriteString(`,"type":"course"`)
	}
	b.WriteString(space() + "}" + space())
	out := b.Bytes()
	switch r.IntN(15) {
	case 0:
		out = out[:r.IntN(len(out)+1)]
	case 1:
		out = append(out, []string{"}", "{}", "x", "]", ","}[r.IntN(5)]...)
	case 2:
		out[r.IntN(len(out))] = "{}[],:\" x1\\"[r.IntN(11)]
	}
	return out
}

// TestParseOrderIsTheDecoder: the orders bots and phones send, and 60,000
// made at random (most of them refused, for every reason the decoder and
// the shape checks give), are read as encoding/json read them, to the
// word; and the orders the pages and the bots send are read without it.
func TestParseOrderIsTheDecoder(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	plain, refused := 0, 0
	for i := range n {
		b := randomOrder(rand.New(rand.NewPCG(uint64(i), 26)))
		sameAsDecoder(t, b)
		var v wireValues
		if _, ok := v.readPlain(b); ok {
			plain++
		}
		if _, err := ParseOrder(b); err != nil {
			refused++
		}
	}
	t.Logf("%d orders: %d read plainly, %d refused", n, plain, refused)
	if plain < n/10 || refused < n/10 || n-refused < n/20 {
		t.Fatalf("of %d orders, %d read plainly, %d refused: the test misses a side", n, plain, refused)
	}
	// What the pages send (static/js/sonar) and the bots (json.Marshal of
	// a Command), read without the decoder.
	sent := []string{`{"type":"course","dir":"NORTH"}`, `{"type":"place","cell":"C6"}`, `{"type":"silence","dir":"EAST","distance":3}`,
		`{"type":"surface"}`, `{"type":"charge","system":"torpedo"}`, `{"type":"mark","panel":"WEST","symbol":2}`,
		`{"type":"torpedo","cell":"O15"}`, `{"type":"drone","sector":4}`, `{"type":"inspect","ok":false,"section":1}`,
		`{"type":"inspect","ok":true}`, `{"type":"dive"}`, `{"type":"end_turn"}`}
	for i := range 200 {
		c := Command{Type: TypeCourse, Crew: Crew(i % 2), Role: Role(i % 4), Dir: 0, Cell: cellAt(i), System: System(i % 5), Symbol: i % 6}
		c.Type = []CommandType{TypeCourse, TypeCharge, TypeMark, TypeTorpedo, TypeMine, TypeEndTurn, TypeSilence, TypeDrone}[i%8]
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, string(b))
	}
	for _, s := range sent {
		sameAsDecoder(t, []byte(s))
		var v wireValues
		if _, ok := v.readPlain([]byte(s)); !ok {
			t.Errorf("%s is read by the decoder, not plainly", s)
		}
	}
}

func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{`{"type":"course","dir":"NORTH"}`, `{"type":"mark","crew":"blue","role":"engineer","panel":"W","symbol":3}`,
		`{"type":"silence","dir":"n","distance":01}`, `{"type":"inspect","ok":false,"section":1} }`, `{"type":"place","cell":"c06"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sameAsDecoder(t, b)
	})
}

// cellAt is the i-th cell of a 15 x 15 map.
func cellAt(i int) chart.Cell { return chart.Cell{Col: i % 15, Row: (i / 15) % 15} }

// BenchmarkParseOrder: a bot's order and a page's, read by ParseOrder and
// by the decoder it replaced (issue 26).
func BenchmarkParseOrder(b *testing.B) {
	orders := [][]byte{[]byte(`{"type":"course","crew":"red","role":"captain","dir":"WEST"}`),
		[]byte(`{"type":"mark","panel":"WEST","symbol":2}`)}
	for _, p := range []struct {
		name  string
		parse func([]byte) (Order, error)
	}{{"plain", ParseOrder}, {"decoder", referenceParseOrder}} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := range b.N {
				if _, err := p.parse(orders[i%2]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
