package server

import (
	"container/list"
	"encoding/json"
	"sync"

	"periscope/rooms"
)

// replayCache answers GET /api/replays/:code/:v without re-running a match
// per request. A finished match never changes, so what it answers once
// stays true:
//   - an LRU of answers (the JSON bodies) keyed by code, seat and version,
//     bounded in bytes: repeated requests cost a map lookup;
//   - an LRU of cursors, one rooms.Replayer per recently replayed match,
//     standing at the last version asked: stepping forward through a
//     replay costs one command per step, not the whole match again.
//
// Stepping back past what the cache holds replays from the start.
type replayCache struct {
	hub        *rooms.Hub
	maxBytes   int
	maxCursors int

	mu      sync.Mutex
	bytes   int
	answers *list.List // of *replayAnswer, most recently used first
	byKey   map[replayKey]*list.Element
	cursors *list.List // of *replayCursor, most recently used first
	byCode  map[string]*list.Element
}

type replayKey struct {
	code string
	seat int
	v    int64
}

type replayAnswer struct {
	key  replayKey
	body []byte
}

// answerOverhead is a rough count of the bytes an entry costs beyond its
// body (list element, map entry, key).
const answerOverhead = 128

type replayCursor struct {
	code string
	mu   sync.Mutex // held while opening or stepping
	p    *rooms.Replayer
}

func newReplayCache(hub *rooms.Hub, maxBytes, maxCursors int) *replayCache {
	return &replayCache{hub: hub, maxBytes: maxBytes, maxCursors: maxCursors,
		answers: list.New(), byKey: make(map[replayKey]*list.Element),
		cursors: list.New(), byCode: make(map[string]*list.Element)}
}

// get returns the JSON of the snapshot of seat at version v of the
// finished match code.
func (rc *replayCache) get(code string, v int64, seat int) ([]byte, error) {
	c, ok := rooms.NormalizeCode(code)
	if !ok {
		return nil, &rooms.Error{Code: rooms.CodeNotFound, Message: "no room with code " + `"` + code + `"`}
	}
	key := replayKey{c, seat, v}
	if body := rc.cached(key); body != nil {
		return body, nil
	}
	cur := rc.cursor(c)
	cur.mu.Lock()
	defer cur.mu.Unlock()
	// Another request may have answered it while this one waited.
	if body := rc.cached(key); body != nil {
		return body, nil
	}
	if cur.p == nil {
		p, err := rc.hub.OpenReplay(c)
		if err != nil {
			// Not finished yet, or not there: nothing to keep.
			rc.dropCursor(cur)
			return nil, err
		}
		cur.p = p
	}
	if err := cur.p.MoveTo(v); err != nil {
		return nil, err
	}
	snap, err := cur.p.Snapshot(seat)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(snap)
	if err != nil {
		return nil, &rooms.Error{Code: rooms.CodeInternal, Message: "the replay does not encode", Err: err}
	}
	rc.store(key, body)
	return body, nil
}

func (rc *replayCache) cached(key replayKey) []byte {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if e, ok := rc.byKey[key]; ok {
		rc.answers.MoveToFront(e)
		return e.Value.(*replayAnswer).body
	}
	return nil
}

func (rc *replayCache) store(key replayKey, body []byte) {
	size := len(body) + answerOverhead
	if size > rc.maxBytes/4 {
		return // one giant answer would flush everything else
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if _, ok := rc.byKey[key]; ok {
		return
	}
	rc.byKey[key] = rc.answers.PushFront(&replayAnswer{key, body})
	rc.bytes += size
	for rc.bytes > rc.maxBytes {
		old := rc.answers.Remove(rc.answers.Back()).(*replayAnswer)
		delete(rc.byKey, old.key)
		rc.bytes -= len(old.body) + answerOverhead
	}
}

// cursor returns the match's cursor, creating an empty one (opened by its
// first user) and evicting the least recently used beyond maxCursors.
func (rc *replayCache) cursor(code string) *replayCursor {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if e, ok := rc.byCode[code]; ok {
		rc.cursors.MoveToFront(e)
		return e.Value.(*replayCursor)
	}
	cur := &replayCursor{code: code}
	rc.byCode[code] = rc.cursors.PushFront(cur)
	for rc.cursors.Len() > rc.maxCursors {
		old := rc.cursors.Remove(rc.cursors.Back()).(*replayCursor)
		delete(rc.byCode, old.code)
	}
	return cur
}

func (rc *replayCache) dropCursor(cur *replayCursor) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if e, ok := rc.byCode[cur.code]; ok && e.Value == cur {
		rc.cursors.Remove(e)
		delete(rc.byCode, cur.code)
	}
}
