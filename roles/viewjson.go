package roles

import (
	"encoding/json"
	"strconv"
)

// staticBytes is the JSON of the view parts that never change in a match.
type staticBytes struct{ chart, rules []byte }

// viewBytes holds the JSON of the view parts that many seats share, so
// that a version's eight views marshal them once, not eight times: the
// chart and rules once per match, the public state once per version, a
// crew's own state and radio picture once per crew and version.
type viewBytes struct {
	public, reveal []byte
	crew, radio    [2][]byte
}

// AppendView appends the JSON of View(seat) to dst: byte for byte what
// json.Marshal(g.View(seat)) gives (TestAppendViewIsMarshal), built from
// the shared parts marshalled once. The room runtime uses it in place of
// json.Marshal (games.ViewAppender): building and marshalling the same
// parts for every seat was most of a command's cost.
func (g *Game) AppendView(dst []byte, seat int) ([]byte, error) {
	v := g.view(seat)
	var err error
	part := func(cache *[]byte, x any) []byte {
		if *cache == nil && err == nil {
			*cache, err = json.Marshal(x)
		}
		return *cache
	}
	small := func(x any) []byte {
		b, e := json.Marshal(x)
		if e != nil && err == nil {
			err = e
		}
		return b
	}
	dst = append(dst, `{"game":`...)
	dst = append(dst, small(v.Game)...)
	dst = append(dst, `,"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	if v.Crew != nil {
		dst = append(dst, `,"crew":`...)
		dst = append(dst, small(v.Crew)...)
	}
	dst = append(dst, `,"roles":`...)
	dst = append(dst, small(v.Roles)...)
	dst = append(dst, `,"chart":`...)
	dst = append(dst, part(&g.static.chart, v.Chart)...)
	dst = append(dst, `,"rules":`...)
	dst = append(dst, part(&g.static.rules, v.Rules)...)
	dst = append(dst, `,"public":`...)
	dst = append(dst, part(&g.bytes.public, v.Public)...)
	if v.Own != nil {
		dst = append(dst, `,"own":`...)
		if c := &g.bytes.crew[*v.Crew]; *c == nil && err == nil {
			// Its MarshalJSON directly: json.Marshal would scan and compact
			// the bytes MarshalJSON made with json.Marshal, a second pass
			// over the largest part of the view.
			*c, err = v.Own.MarshalJSON()
		}
		dst = append(dst, g.bytes.crew[*v.Crew]...)
	}
	if v.Radio != nil {
		dst = append(dst, `,"radio":`...)
		dst = append(dst, part(&g.bytes.radio[*v.Crew], v.Radio)...)
	}
	if len(v.Hints) > 0 {
		dst = append(dst, `,"hints":`...)
		dst = append(dst, small(v.Hints)...)
	}
	if v.Reveal != nil {
		dst = append(dst, `,"reveal":`...)
		dst = append(dst, part(&g.bytes.reveal, v.Reveal)...)
	}
	if v.Coach != nil {
		dst = append(dst, `,"coach":`...)
		dst = append(dst, small(v.Coach)...)
	}
	dst = append(dst, '}')
	return dst, err
}
