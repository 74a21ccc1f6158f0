package rooms

// The durable apply path: a command applied, logged in the store, then each
// seat's update built and sent once the row is committed; the match's end and its clock.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"periscope/games"
)

// command applies a player's command while the match is playing, then
// lets the bots answer. It returns the version the command produced.
func (r *Room) command(seat int, id string, body json.RawMessage) (int64, error) {
	switch r.rec.State {
	case StateWaiting:
		return 0, errorf(CodeConflict, "the match has not started yet").ruled(RuleNotStarted)
	case StateFinished:
		return 0, errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	if r.bot(seat) {
		return 0, errorf(CodeForbidden, "a bot plays seat %d", seat).ruled(RuleBotSeat)
	}
	if err := r.apply(seat, id, body); err != nil {
		return 0, err
	}
	v := r.version
	r.settle()
	return v, nil
}

func (r *Room) bot(seat int) bool { return seat >= 0 && seat < len(r.seats) && r.seats[seat].Bot }

// apply runs one command through the game, logs it and shows it: the
// heart of the room. Nobody sees a command's effects before its log row is
// committed; when the store fails the game is rebuilt from the log, so a
// refused or unsaved command leaves nothing behind.
func (r *Room) apply(seat int, id string, body json.RawMessage) error {
	if r.broken != nil {
		return r.internal("apply", r.broken)
	}
	// The game takes the command as a replay of its log row will give it
	// (rec.Command: a bot's command is the one without a client id).
	rec := CommandRecord{Room: r.code, Version: r.version + 1, Seat: seat, ClientID: id, Body: body, Time: r.hub.clock.Now()}
	events, err := r.game.Apply(rec.Command())
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return err
		}
		return &Error{Code: CodeRefused, Rule: games.RuleOf(err), Message: err.Error(), Err: err}
	}
	rec.Body = append(json.RawMessage(nil), body...)
	// The log row is committed first, on this goroutine, then the seats'
	// frames are built; they go out once both are done. The commit used
	// to run on a goroutine of its own while the frames were built: that
	// saved a phone a tenth of a millisecond on an idle server, and cost
	// every command a goroutine and two wake-ups, about 5% of its CPU
	// (docs/benchmarks.md, "Issue 26").
	saved := r.save(rec)
	out := r.newUpdate(rec, events)
	crash := r.prepare(&out)
	if err := out.learn(r, saved); err != nil {
		r.restore(out)
		r.hub.log.Error("log write failed; rebuilding the match from its log", "room", r.code, "version", rec.Version, "err", err)
		r.rebuild()
		return &Error{Code: CodeInternal, Message: errSaving.Message, Err: err}
	}
	if crash != nil {
		// The game panicked building a view, but the row is committed
		// (and in the room's log, see wait): the seats get their feeds
		// back, and the guard rebuilds the match.
		r.restore(out)
		panic(crash)
	}
	r.flush(&out)
	r.dropFull(out)
	clear(out.seats) // the frames and old views are the phones' now
	if o := r.game.Outcome(); o != nil && r.rec.State != StateFinished {
		r.finish(*o)
	}
	return nil
}

// committed moves the room to rec's version, now in the log.
func (r *Room) committed(rec CommandRecord, events []games.Event) {
	r.version = rec.Version
	r.ver.Store(r.version)
	r.log = append(r.log, rec)
	r.hist.push(r.version, events)
	if public(events) {
		r.public.Store(r.version)
	}
	if rec.ClientID != "" {
		r.seen[clientKey{rec.Seat, rec.ClientID}] = r.version
	}
}

// save writes rec to the log; a store that panics fails the write.
func (r *Room) save(rec CommandRecord) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the store panicked: %v", p)
		}
	}()
	began := time.Now() // the wall clock, whatever the game's clock: it measures the disk
	err = r.hub.store.AppendCommand(rec)
	if err == nil {
		r.hub.counters.committed(time.Since(began))
	}
	return err
}

// update is a version's frames on their way out: each seat's, or nil for
// a seat that learns nothing, and the seats' feeds as they were, to put
// back if the version is not committed after all. The frames of a seat
// leave (and its feed is kept) once the log row is committed.
type update struct {
	rec    CommandRecord
	events []games.Event
	// seats is by seat+1 (the spectators first): its frame, once built,
	// and its feed as it was until the frame leaves. The room keeps the
	// slices from version to version (see Room.seatsBuf).
	seats []seatFrame
	full  []bool // by index in r.sessions: its queue was full
}

// seatFrame is one seat's part of an update.
type seatFrame struct {
	built bool
	frame []byte // nil: the seat learns nothing
	// unsent: the frame has not left, and before is the seat's feed as it
	// was (had: there was one), to put back if the row is not committed.
	unsent bool
	had    bool
	before feed
}

func (r *Room) newUpdate(rec CommandRecord, events []games.Event) update {
	n := len(r.seats) + 1
	for _, s := range r.sessions {
		n = max(n, s.seat+2)
	}
	seats := r.seatsBuf[:0]
	seats = append(seats, make([]seatFrame, n)...)
	full := append(r.fullBuf[:0], make([]bool, len(r.sessions))...)
	r.seatsBuf, r.fullBuf = seats, full
	return update{rec: rec, events: events, seats: seats, full: full}
}

// learn takes the commit's answer: the room moves to the new version once
// its row is committed. It returns the answer.
func (u *update) learn(r *Room, err error) error {
	if err == nil {
		r.committed(u.rec, u.events)
	}
	return err
}

// prepare builds the update's frame for every seat with phones: the events
// it may see and what changed in its view, encoded once per seat. A seat
// that learns nothing new gets no frame at all: its phone is not woken,
// and it cannot tell that another side acted. The frames go out together
// once the row is committed (flush).
//
// A panic in the game's view code is returned, not raised: the log row
// may be committing meanwhile, and the room must learn its fate first.
func (r *Room) prepare(u *update) (crash any) {
	defer func() { crash = recover() }()
	r.encodeEvents(u.rec.Version, u.events)
	// The seats' views share parts (a crew's state): each changed part
	// is walked once for all of them.
	r.memo.reset()
	defer r.memo.reset() // it holds this version's views: let them go
	for _, s := range r.sessions {
		sf := &u.seats[s.seat+1]
		if sf.built {
			continue
		}
		if f := r.feeds[s.seat]; f != nil {
			sf.had, sf.before = true, *f
		}
		sf.unsent = true
		sf.frame = r.seatUpdate(s.seat, u.rec.Version, u.events)
		sf.built = true
	}
	return nil
}

// restore puts the feeds of the seats not yet sent their frame back as
// they were before prepare.
func (r *Room) restore(u update) {
	for i := range u.seats {
		sf := &u.seats[i]
		switch {
		case !sf.unsent:
		case sf.had:
			*r.feeds[i-1] = sf.before
		default:
			delete(r.feeds, i-1)
		}
	}
}

// flush queues every seat's frame once the row is committed, then wakes
// the phones' transports together: the scheduler starts one thread for
// the lot, where waking each as its frame was queued cost a futex call a
// phone (see Session.pushQuiet). A phone whose queue is full is marked, to
// be dropped (it resyncs) by dropFull. The phone whose command this is
// (r.acting) is woken by its ack, queued next, so that its transport finds
// both frames and can send them in one write.
func (r *Room) flush(u *update) {
	for i, s := range r.sessions {
		sf := &u.seats[s.seat+1]
		sf.unsent = false // the seat's phones now hold its feed
		if sf.frame != nil && !s.pushQuiet(sf.frame) {
			u.full[i] = true
		}
	}
	for i, s := range r.sessions {
		if !u.full[i] && u.seats[s.seat+1].frame != nil && s != r.acting {
			s.wake()
		}
	}
}

// dropFull drops the phones whose queues were full.
func (r *Room) dropFull(u update) {
	kept := r.sessions[:0]
	for i, s := range r.sessions {
		if !u.full[i] {
			kept = append(kept, s)
		}
	}
	clear(r.sessions[len(kept):])
	dropped := len(kept) != len(r.sessions)
	r.sessions = kept
	if dropped {
		r.lobbyChanged()
	}
}

// seatUpdate is seat's frame for version v, or nil when the seat has
// nothing to learn. prepare has encoded the version's events
// (encodeEvents).
func (r *Room) seatUpdate(seat int, v int64, events []games.Event) []byte {
	var visible []WireEvent
	var ev []byte
	if r.evOK {
		ev = r.seatEvents(seat, events)
	} else {
		visible = appendVisible(nil, v, events, seat)
	}
	f := r.feeds[seat]
	if f == nil {
		f = &feed{}
		r.feeds[seat] = f
	}
	d := f.nextInto(v, r.view(seat), r.patchBuf, &r.memo)
	if !d.changed {
		if len(ev) == 0 && len(visible) == 0 {
			return nil
		}
		f.eventsSent(v)
	}
	var frame []byte
	if r.evOK {
		frame = updateFrameJSON(v, ev, d)
	} else {
		frame = updateFrameInto(&r.seatEvBuf, v, visible, d)
	}
	if d.patch != nil {
		// The frame holds a copy: the next seat's patch goes in the same
		// buffer, grown once to the room's largest instead of per seat.
		r.patchBuf = d.patch[:0]
	}
	return frame
}

// encodeEvents writes each of version v's events as JSON once, into a
// buffer the room keeps, for every seat's frame to take those it may see
// (seatEvents): encoding them for each seat, through reflection, was a
// tenth of a room's time. evOK is false if one does not encode (a game's
// Data that is not JSON): the seats' frames are then encoded as before.
func (r *Room) encodeEvents(v int64, events []games.Event) {
	r.evJSON, r.evEnds, r.evOK = r.evJSON[:0], r.evEnds[:0], true
	if len(events) == 0 {
		return
	}
	b := r.evJSON
	for _, e := range events {
		var ok bool
		if b, ok = appendWireEvent(b, v, e); !ok {
			r.evJSON, r.evOK = b[:0], false
			return
		}
		r.evEnds = append(r.evEnds, len(b))
	}
	r.evJSON = b
}

// appendWireEvent appends json.Marshal(WireEvent{v, e}), byte for byte
// (TestSeatEventsAreEncode), written by hand: reflection on every event of
// every command cost a percent of the server's CPU. false when e.Data is
// not JSON, as Marshal fails then.
func appendWireEvent(dst []byte, v int64, e games.Event) ([]byte, bool) {
	dst = append(dst, `{"v":`...)
	dst = strconv.AppendInt(dst, v, 10)
	dst = append(dst, `,"text":`...)
	dst = games.AppendString(dst, e.Text)
	if e.Kind != "" {
		dst = append(dst, `,"kind":`...)
		dst = games.AppendString(dst, e.Kind)
	}
	if len(e.Data) > 0 {
		// The game's own bytes, as Marshal writes a RawMessage (checked,
		// compacted, escaped).
		dst = append(dst, `,"data":`...)
		var err error
		if dst, err = games.AppendJSON(dst, e.Data); err != nil {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

// seatEvents is the JSON array of the events seat may see, from those
// encodeEvents wrote: byte for byte encoding/json's array of them
// (TestSeatEventsAreEncode); nil when it sees none. It lives in a buffer
// the room keeps, until the next seat's.
func (r *Room) seatEvents(seat int, events []games.Event) []byte {
	b := r.seatEvBuf[:0]
	start := 0
	for i, e := range events {
		end := r.evEnds[i]
		if e.VisibleTo(seat) {
			if len(b) == 0 {
				b = append(b, '[')
			} else {
				b = append(b, ',')
			}
			b = append(b, r.evJSON[start:end]...)
		}
		start = end
	}
	if len(b) > 0 {
		b = append(b, ']')
	}
	r.seatEvBuf = b
	return b
}

func updateFrame(v int64, events []WireEvent, d delta) []byte {
	var scratch []byte
	return updateFrameInto(&scratch, v, events, d)
}

// updateFrameInto is updateFrame with the events' JSON written into
// *scratch first (a buffer the room keeps), so that the frame, made to
// its size, is the only buffer a seat's update allocates.
func updateFrameInto(scratch *[]byte, v int64, events []WireEvent, d delta) []byte {
	var ev []byte
	if len(events) > 0 {
		w := bytes.NewBuffer((*scratch)[:0])
		// An Encoder writes the bytes json.Marshal returns, and a newline.
		if err := json.NewEncoder(w).Encode(events); err != nil {
			return updateFrameEncoded(v, events, d)
		}
		*scratch = w.Bytes()
		ev = *scratch
		ev = ev[:len(ev)-1]
	}
	return updateFrameJSON(v, ev, d)
}

// updateFrameJSON is the update frame with its events given as their JSON
// array (empty: none).
func updateFrameJSON(v int64, ev []byte, d delta) []byte {
	// Written by hand, byte for byte what encode gives (TestUpdateFrame
	// IsEncode): encoding/json would scan and copy the patch or the view
	// once more, for every seat of every version. The fixed parts with two
	// versions of up to 20 digits each:
	b := make([]byte, 0, 96+len(d.patch)+len(d.full)+len(ev))
	b = append(b, `{"t":"`+TypeUpdate+`","v":`...)
	b = strconv.AppendInt(b, v, 10)
	if d.changed && d.patch != nil {
		b = append(b, `,"patch":`...)
		b = append(b, d.patch...)
	}
	if !d.changed || d.patch != nil {
		b = append(b, `,"base":`...)
		b = strconv.AppendInt(b, d.base, 10)
	}
	if len(ev) > 0 {
		b = append(b, `,"events":`...)
		b = append(b, ev...)
	}
	if d.changed && d.patch == nil && len(d.full) > 0 {
		b = append(b, `,"view":`...)
		b = append(b, d.full...)
	}
	return append(b, '}')
}

// updateFrameEncoded is updateFrame through encoding/json: the reference
// the hand-written frame is tested against.
func updateFrameEncoded(v int64, events []WireEvent, d delta) []byte {
	m := Message{T: TypeUpdate, V: v, Events: events}
	if !d.changed {
		// Only events: the view the phone holds is still right.
		base := d.base
		m.Base = &base
		return encode(m)
	}
	if d.patch != nil {
		base := d.base
		m.Base, m.Patch = &base, d.patch
		return encode(m)
	}
	return encodeView(m, d.full)
}

func (r *Room) finish(o games.Outcome) {
	now := r.hub.clock.Now()
	if err := r.hub.store.Finish(r.code, o, now); err != nil {
		// The log is complete, so a restart replays to the same outcome and
		// finishes the room then.
		r.hub.log.Error("could not record the end of the match", "room", r.code, "err", err)
	}
	r.rec.State, r.rec.Outcome, r.rec.Finished = StateFinished, &o, now
	r.public.Store(r.version) // a finished match has no secrets left
	if r.stop != nil {
		r.stop()
		r.timer, r.stop, r.armed = nil, nil, time.Time{}
	}
	for _, c := range r.claims {
		c.by.push(r.errorFrame("", errorf(CodeConflict, "the match is over: your claim of seat %d lapsed", c.seat)))
	}
	r.claims = nil
	r.lobbyChanged()
}

// settle lets the bots play until none has anything to do, bounded so a
// bot that never stops cannot hang the room.
func (r *Room) settle() {
	b, ok := r.game.(games.Botter)
	if !ok {
		return
	}
	for steps := 0; ; {
		moved := false
		for seat := range r.seats {
			if r.rec.State != StatePlaying {
				return
			}
			if !r.seats[seat].Bot {
				continue
			}
			body, ok := b.BotCommand(seat)
			if !ok {
				continue
			}
			if steps++; steps > r.hub.botSteps {
				r.hub.log.Error("bots still want to play after the step limit; waiting for a player", "room", r.code, "limit", r.hub.botSteps)
				return
			}
			if err := r.apply(seat, "", body); err != nil {
				r.hub.log.Error("bot command refused", "room", r.code, "seat", seat, "err", err)
				continue
			}
			moved = true
		}
		if !moved {
			return
		}
	}
}

// arm sets the room timer to the game's deadline, if it has one.
func (r *Room) arm() {
	c, ok := r.game.(games.Clocked)
	if !ok || r.rec.State != StatePlaying || r.broken != nil {
		return
	}
	at, ok := c.Deadline()
	if ok && at.Equal(r.armed) && r.timer != nil {
		return
	}
	if r.stop != nil {
		r.stop()
		r.timer, r.stop, r.armed = nil, nil, time.Time{}
	}
	if !ok {
		return
	}
	r.timer, r.stop = r.hub.clock.After(at.Sub(r.hub.clock.Now()))
	r.armed = at
}

// tick applies the System tick for every deadline that has passed.
func (r *Room) tick() {
	c, ok := r.game.(games.Clocked)
	if !ok {
		return
	}
	for i := 0; i < r.hub.botSteps && r.rec.State == StatePlaying; i++ {
		at, ok := c.Deadline()
		if !ok || r.hub.clock.Now().Before(at) {
			return
		}
		if err := r.apply(games.System, "", games.TickBody); err != nil {
			r.hub.log.Error("tick refused", "room", r.code, "err", err)
			return
		}
		r.settle()
	}
}
