package sonar

// AppendJSON appends json.Marshal(e) to dst, byte for byte, written by
// hand (the jsonw of viewjson.go): every command's events go to the
// phones, so their data is written without reflection. A value
// encoding/json would refuse (a crew, heading, system, role or circuit out
// of range, a fact it cannot write) gives Marshal's refusal, and dst
// unchanged, as Marshal gives no bytes then. TestEventJSONIsMarshal and
// FuzzEventJSON hold it to json.Marshal; the room's events of whole
// matches are checked in package roles.
func (e *Event) AppendJSON(dst []byte) ([]byte, error) {
	w := jsonw{b: dst}
	w.raw(`{"kind":`)
	w.str(string(e.Kind))
	w.key("crew")
	w.crew(e.Crew)
	if e.To != nil {
		w.key("to")
		w.crew(*e.To)
	}
	if e.Text != "" {
		w.key("text")
		w.str(e.Text)
	}
	if e.Dir != nil {
		w.key("dir")
		w.dir(*e.Dir)
	}
	if e.Distance != nil {
		w.key("distance")
		w.int(*e.Distance)
	}
	if e.Cell != nil {
		w.key("cell")
		w.cell(*e.Cell)
	}
	if e.Sector != 0 {
		w.key("sector")
		w.int(e.Sector)
	}
	if e.System != nil {
		w.key("system")
		w.system(*e.System)
	}
	if e.Symbol != nil {
		w.key("symbol")
		w.int(*e.Symbol)
	}
	if e.Circuit != NoCircuit {
		w.key("circuit")
		w.circuit(e.Circuit)
	}
	if len(e.Hits) > 0 {
		w.key("hits")
		w.b = append(w.b, '[')
		for i, h := range e.Hits {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"crew":`)
			w.crew(h.Crew)
			w.key("result")
			w.str(string(h.Result))
			w.key("damage")
			w.int(h.Damage)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	if len(e.Facts) > 0 {
		w.key("facts")
		w.b = append(w.b, '[')
		for i, f := range e.Facts {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.fact(f)
		}
		w.b = append(w.b, ']')
	}
	if e.Yes != nil {
		w.key("yes")
		w.bool(*e.Yes)
	}
	if e.Damage != 0 {
		w.key("damage")
		w.int(e.Damage)
	}
	if e.Section != 0 {
		w.key("section")
		w.int(e.Section)
	}
	if e.Role != nil {
		w.key("role")
		w.role(*e.Role)
	}
	if e.Winner != nil {
		w.key("winner")
		w.crew(*e.Winner)
	}
	w.b = append(w.b, '}')
	if w.err != nil {
		return dst, w.err
	}
	return w.b, nil
}
