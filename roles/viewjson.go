package roles

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// staticBytes is the JSON of the view parts that never change in a match.
type staticBytes struct{ game, chart, rules []byte }

// viewBytes holds the JSON of the view parts that many seats share, so
// that a version's eight views marshal them once, not eight times: the
// chart and rules once per match, the public state once per version, a
// crew's own state and radio picture once per crew and version.
//
// Their buffers are kept from version to version (reset): AppendView
// copies from them, so nothing else holds them.
type viewBytes struct {
	public, reveal []byte
	crew, radio    [2][]byte
	// done: the part is written for this version (an empty buffer is not).
	public0, reveal0 bool
	crew0, radio0    [2]bool
}

// reset forgets the parts' JSON for a new version, keeping the buffers;
// the radio pictures' are forgotten crew by crew (resetRadio), when their
// trackers heard something.
func (b *viewBytes) reset() {
	b.public, b.reveal = b.public[:0], b.reveal[:0]
	for c := range b.crew {
		b.crew[c] = b.crew[c][:0]
	}
	b.public0, b.reveal0, b.crew0 = false, false, [2]bool{}
}

func (b *viewBytes) resetRadio(c int) {
	b.radio[c], b.radio0[c] = b.radio[c][:0], false
}

// AppendView appends the JSON of View(seat) to dst: byte for byte what
// json.Marshal(g.View(seat)) gives (TestAppendViewIsMarshal), built from
// the shared parts marshalled once. The room runtime uses it in place of
// json.Marshal (games.ViewAppender): building and marshalling the same
// parts for every seat was most of a command's cost.
func (g *Game) AppendView(dst []byte, seat int) ([]byte, error) {
	v := g.viewOf(seat, false)
	var err error
	// The parts' values are boxed (x is called) only when their JSON is
	// not cached yet: boxing a struct copies it to the heap, per seat.
	part := func(cache *[]byte, x func() any) []byte {
		if *cache == nil && err == nil {
			*cache, err = json.Marshal(x())
		}
		return *cache
	}
	dst = append(dst, `{"game":`...)
	dst = append(dst, part(&g.static.game, func() any { return v.Game })...)
	dst = append(dst, `,"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	// The crew, roles and hints, one seat's own and small, are written by
	// hand too: reflection on them, eight times a version, cost as much as
	// the shared parts.
	var e error
	if v.Crew != nil {
		dst = append(dst, `,"crew":`...)
		dst, e = appendCrew(dst, *v.Crew)
		err = cmp.Or(err, e)
	}
	dst = append(dst, `,"roles":`...)
	dst, e = appendRoles(dst, v.Roles)
	err = cmp.Or(err, e)
	dst = append(dst, `,"public":`...)
	if !g.bytes.public0 && err == nil {
		g.bytes.public, err = v.Public.AppendJSON(g.bytes.public[:0])
		g.bytes.public0 = err == nil
	}
	dst = append(dst, g.bytes.public...)
	if v.Own != nil {
		dst = append(dst, `,"own":`...)
		if c := *v.Crew; !g.bytes.crew0[c] && err == nil {
			// Its MarshalJSON's bytes, written straight into the buffer:
			// json.Marshal would scan and compact the bytes MarshalJSON made
			// with json.Marshal, a second pass over the largest part of the
			// view.
			g.bytes.crew[c], err = v.Own.AppendJSON(g.bytes.crew[c][:0])
			g.bytes.crew0[c] = err == nil
		}
		dst = append(dst, g.bytes.crew[*v.Crew]...)
	}
	if v.Radio != nil {
		dst = append(dst, `,"radio":`...)
		if c := *v.Crew; !g.bytes.radio0[c] && err == nil {
			g.bytes.radio[c], err = v.Radio.appendJSON(g.bytes.radio[c][:0])
			g.bytes.radio0[c] = err == nil
		}
		dst = append(dst, g.bytes.radio[*v.Crew]...)
	}
	if len(v.Hints) > 0 || len(v.tips) > 0 || v.report != "" {
		// hints() words a tip "Role: sentence"; written in pieces, its
		// escaping is the same (the pieces part at plain ASCII).
		dst = append(dst, `,"hints":[`...)
		n := 0
		next := func() {
			if n > 0 {
				dst = append(dst, ',')
			}
			n++
		}
		for _, h := range v.Hints {
			next()
			dst = games.AppendString(dst, h)
		}
		for _, h := range v.tips {
			next()
			dst = append(dst, '"')
			dst = games.AppendStringContent(dst, h.role.Title())
			dst = append(dst, ": "...)
			dst = games.AppendStringContent(dst, h.text)
			dst = append(dst, '"')
		}
		if v.report != "" {
			next()
			dst = games.AppendString(dst, v.report)
		}
		dst = append(dst, ']')
	}
	if v.Reveal != nil {
		dst = append(dst, `,"reveal":`...)
		if !g.bytes.reveal0 && err == nil {
			g.bytes.reveal, err = v.Reveal.appendJSON(g.bytes.reveal[:0])
			g.bytes.reveal0 = err == nil
		}
		dst = append(dst, g.bytes.reveal...)
	}
	if v.Coach != nil {
		dst = append(dst, `,"coach":`...)
		dst, e = v.Coach.appendJSON(dst)
		err = cmp.Or(err, e)
	}
	dst = append(dst, `,"chart":`...)
	dst = append(dst, part(&g.static.chart, func() any { return v.Chart })...)
	dst = append(dst, `,"rules":`...)
	dst = append(dst, part(&g.static.rules, func() any { return v.Rules })...)
	dst = append(dst, '}')
	return dst, err
}

// appendJSON appends json.Marshal(r), written by hand: the end's reveal,
// both voyages, shared by every seat.
func (r *Reveal) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"crews":[`...)
	for i, c := range r.Crews {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		dst = append(dst, `{"crew":`...)
		if dst, err = appendCrew(dst, c.Crew); err != nil {
			return dst, err
		}
		dst = append(dst, `,"track":`...)
		dst = appendCells(dst, c.Track)
		if c.Position != nil {
			dst = append(dst, `,"position":"`...)
			dst, _ = c.Position.AppendText(dst)
			dst = append(dst, '"')
		}
		dst = append(dst, `,"mines":`...)
		dst = appendCells(dst, c.Mines)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...), nil
}

// appendJSON appends json.Marshal(c), written by hand: the first dive's
// card, every seat's own, after every command of a training match. The
// advice is written in its keys' order, as encoding/json sorts a map.
func (c *Coach) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, '{')
	if l := c.Lesson; l != nil {
		dst = append(dst, `"lesson":{"id":`...)
		dst = games.AppendString(dst, l.ID)
		dst = append(dst, `,"key":`...)
		dst = games.AppendString(dst, l.Key)
		dst = append(dst, `,"role":`...)
		var err error
		if dst, err = appendRole(dst, l.Role); err != nil {
			return dst, err
		}
		dst = append(dst, `,"title":`...)
		dst = games.AppendString(dst, l.Title)
		dst = append(dst, `,"text":`...)
		dst = games.AppendString(dst, l.Text)
		if l.Why != "" {
			dst = append(dst, `,"why":`...)
			dst = games.AppendString(dst, l.Why)
		}
		if len(l.Steps) > 0 {
			dst = append(dst, `,"steps":`...)
			dst = games.AppendStrings(dst, l.Steps)
		}
		if l.Repeat {
			dst = append(dst, `,"repeat":true`...)
		}
		dst = append(dst, "},"...)
	}
	dst = append(dst, `"done":`...)
	dst = games.AppendStrings(dst, c.Done)
	dst = append(dst, `,"lessons":`...)
	dst = strconv.AppendInt(dst, int64(c.Lessons), 10)
	dst = append(dst, `,"advice":`...)
	if c.Advice == nil {
		dst = append(dst, "null"...)
	} else {
		var room [16]string
		keys := room[:0]
		for k := range c.Advice {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = games.AppendString(dst, k)
			dst = append(dst, ':')
			dst = games.AppendString(dst, c.Advice[k])
		}
		dst = append(dst, '}')
	}
	if cl := c.Closing; cl != nil {
		dst = append(dst, `,"closing":{"title":`...)
		dst = games.AppendString(dst, cl.Title)
		dst = append(dst, `,"learned":`...)
		dst = games.AppendStrings(dst, cl.Learned)
		if len(cl.Missed) > 0 {
			dst = append(dst, `,"missed":`...)
			dst = games.AppendStrings(dst, cl.Missed)
		}
		dst = append(dst, `,"next":`...)
		dst = games.AppendString(dst, cl.Next)
		dst = append(dst, '}')
	}
	return append(dst, '}'), nil
}

// appendRole appends a role as json.Marshal writes it; one out of range is
// left to json.Marshal and its error.
func appendRole(dst []byte, r sonar.Role) ([]byte, error) {
	if r > sonar.RadioOperator {
		return games.AppendJSON(dst, r)
	}
	return append(append(append(dst, '"'), r.String()...), '"'), nil
}

// appendRoles appends a seat's roles as json.Marshal writes them (their
// MarshalText names, which need no escaping); a role out of range, which
// no seat holds, is left to json.Marshal and its error.
func appendRoles(dst []byte, rs []sonar.Role) ([]byte, error) {
	if rs == nil {
		return append(dst, "null"...), nil
	}
	for _, r := range rs {
		if r > sonar.RadioOperator {
			return games.AppendJSON(dst, rs)
		}
	}
	dst = append(dst, '[')
	for i, r := range rs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(append(append(dst, '"'), r.String()...), '"')
	}
	return append(dst, ']'), nil
}

// appendCrew appends a crew as json.Marshal writes it.
func appendCrew(dst []byte, c sonar.Crew) ([]byte, error) {
	if c > sonar.Red {
		return games.AppendJSON(dst, c)
	}
	return append(append(append(dst, '"'), c.String()...), '"'), nil
}

// appendJSON appends json.Marshal(rv), written by hand: the tracker's
// picture, a heat figure for each possible cell, is the largest part of a
// Radio Operator's view after the crew's.
func (rv *RadioView) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"mode":`...)
	dst = games.AppendString(dst, rv.Mode)
	if rv.Lost {
		dst = append(dst, `,"lost":true`...)
	}
	dst = append(dst, `,"hypotheses":`...)
	dst = strconv.AppendInt(dst, int64(rv.Hypotheses), 10)
	dst = append(dst, `,"exact":`...)
	dst = strconv.AppendBool(dst, rv.Exact)
	dst = append(dst, `,"cells":`...)
	dst = appendCells(dst, rv.Cells)
	dst = append(dst, `,"heat":`...)
	if rv.Heat == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, h := range rv.Heat {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = games.AppendFloat(dst, h); err != nil {
				return dst, err
			}
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"sectors":`...)
	if rv.Sectors == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, n := range rv.Sectors {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}'), nil
}

// appendCells appends cells as json.Marshal writes them: their names, null
// for nil.
func appendCells(dst []byte, cs []chart.Cell) []byte {
	if cs == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, c := range cs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst, _ = c.AppendText(dst)
		dst = append(dst, '"')
	}
	return append(dst, ']')
}
