package rooms

import (
	"bytes"
	"encoding/json"
)

// feed is what one seat (or the spectators) was last sent: the view the
// seat's phones hold now, so the next update carries only what changed.
// Every session of a seat gets the same frames, so one feed serves them all.
type feed struct {
	v   int64  // the version of the view the phones hold
	raw []byte // that view as sent
	// spare is a buffer no one holds any more (the view raw replaced, or
	// a view equal to raw): the seat's next view is written into it, so a
	// seat does not allocate a view per version. The frames copy views.
	spare []byte
}

// delta is how a seat's view moved to a new version.
type delta struct {
	changed bool
	full    []byte          // the whole view, when a patch would not be smaller
	patch   json.RawMessage // an RFC 6902 JSON Patch from base to the new view
	base    int64
}

// eventsSent records that the phones were sent version v's events over
// the view they hold.
func (f *feed) eventsSent(v int64) { f.v = v }

// reset makes view (at version v) what the seat's phones hold: after a
// welcome, which always carries the whole view.
func (f *feed) reset(v int64, view []byte) {
	f.v, f.raw, f.spare = v, view, nil
}

// next moves the feed to view at version v and says what the phones need.
// An unchanged view is not news. A patch is sent only when it is smaller
// than the view itself (a new match phase may rewrite everything).
func (f *feed) next(v int64, view []byte) delta {
	return f.nextInto(v, view, nil, nil)
}

// nextInto is next with the patch written into scratch (nil: a new
// buffer). The patch lives in scratch until the caller reuses it.
//
// memo is shared by the seats of one version (see diffJSONInto); nil is
// fine.
func (f *feed) nextInto(v int64, view []byte, scratch []byte, memo *diffMemo) delta {
	if f.raw != nil && bytes.Equal(f.raw, view) {
		// The phones' view still holds. If events go out alone, they
		// say which version that is; the feed moves on only then (see
		// eventsSent), so a version nobody was sent is never a base.
		f.spare = view
		return delta{base: f.v}
	}
	d := delta{changed: true, base: f.v}
	if f.raw != nil {
		if scratch == nil {
			scratch = make([]byte, 0, 256)
		}
		if p, ok := diffJSONInto(scratch, f.raw, view, len(view), memo); ok {
			d.patch = p
		}
	}
	if d.patch == nil {
		d.full = view
	}
	f.v, f.raw, f.spare = v, view, f.raw
	return d
}
