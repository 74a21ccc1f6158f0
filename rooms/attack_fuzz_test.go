package rooms_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

// FuzzOneSideAttacksTheOther: the fuzzer plays one side of a match in
// play (the host in seat 0 and its side-mate in seat 2), a spectator and
// a phone that never said hello; the other side (seats 1 and 3) sits
// still and grants nothing. Whatever the fuzzer sends, none of its phones
// is ever handed a seat of the other side, every frame is answered, and
// the other side's tokens still open their seats.
//
// Each line of the input is one frame: its first byte picks the phone
// (0 host, 1 side-mate, 2 spectator, 3 no hello), the rest is sent as is,
// with $CLAIM replaced by the first claim in the lobby and $TOKEN by the
// host's own token, so that grants and hellos can be real.
func FuzzOneSideAttacksTheOther(f *testing.F) {
	for _, s := range []string{
		"2{\"t\":\"claim\",\"id\":\"c\",\"seat\":1,\"name\":\"Mallory\"}\n0{\"t\":\"grant\",\"id\":\"g\",\"claim\":\"$CLAIM\",\"allow\":true}",
		"2{\"t\":\"claim\",\"id\":\"c\",\"seat\":3}\n1{\"t\":\"grant\",\"id\":\"g\",\"claim\":\"$CLAIM\",\"allow\":true}\n2{\"t\":\"cmd\",\"id\":\"x\",\"cmd\":{\"type\":\"add\",\"n\":1}}",
		"0{\"t\":\"host\",\"id\":\"f\",\"action\":\"free\",\"seat\":1}\n0{\"t\":\"host\",\"id\":\"m\",\"action\":\"move\",\"from\":3,\"to\":2}",
		"0{\"t\":\"host\",\"id\":\"f\",\"action\":\"free\",\"seat\":2}\n2{\"t\":\"claim\",\"id\":\"c\",\"seat\":2}\n0{\"t\":\"grant\",\"id\":\"g\",\"claim\":\"$CLAIM\",\"allow\":true}\n0{\"t\":\"host\",\"id\":\"m\",\"action\":\"move\",\"from\":2,\"to\":1}",
		"0{\"t\":\"host\",\"id\":\"m\",\"action\":\"move\",\"from\":0,\"to\":1}\n0{\"t\":\"host\",\"id\":\"b\",\"action\":\"bot\",\"seat\":3}",
		"3{\"t\":\"claim\",\"id\":\"c\",\"seat\":1}\n3{\"t\":\"hello\",\"token\":\"$TOKEN\"}\n3{\"t\":\"claim\",\"id\":\"c\",\"seat\":1}",
		"2{\"t\":\"hello\",\"token\":\"AAAA\"}\n2{\"t\":\"grant\",\"id\":\"g\",\"claim\":\"$CLAIM\",\"allow\":true}",
		"1{\"t\":\"host\",\"id\":\"s\",\"action\":\"start\"}\n0{\"t\":\"cmd\",\"id\":\"n\",\"cmd\":{\"type\":\"note\"}}",
	} {
		f.Add([]byte(s))
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Split(data, []byte("\n"))
		if len(lines) > 24 {
			lines = lines[:24]
		}
		// A hub per input, closed after it: a long fuzzing run keeps no
		// room goroutines behind.
		hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: []games.Definition{roomstest.Race}, Log: quiet})
		if err != nil {
			t.Fatal(err)
		}
		defer hub.Close()
		r, err := hub.Create("race", json.RawMessage(twoSides))
		if err != nil {
			t.Fatal(err)
		}
		tokens := make([]string, 4)
		for i := range tokens {
			if tokens[i], err = r.Take(i, fmt.Sprint("P", i)); err != nil {
				t.Fatal(err)
			}
		}
		var phones [4]*rooms.Session // the fuzzer's
		for i, hello := range []string{tokens[0], tokens[2], "", "-"} {
			phones[i] = r.Connect(256)
			defer phones[i].Close()
			if hello != "-" {
				phones[i].Receive(helloFrame(hello))
			}
		}
		for _, seat := range []int{1, 3} {
			s := r.Connect(256)
			defer s.Close()
			s.Receive(helloFrame(tokens[seat]))
		}
		phones[0].Receive([]byte(`{"t":"host","id":"start","action":"start"}`))

		// check reads a phone up to the pong of the sync ping; it fails on
		// any seat of the other side offered to the fuzzer's phones.
		check := func(s *rooms.Session, sync string) {
			t.Helper()
			deadline := time.Now().Add(5 * time.Second)
			for {
				b, err := frameWithin(s, time.Until(deadline))
				switch {
				case err == nil:
					var m rooms.Message
					if err := json.Unmarshal(b, &m); err != nil {
						t.Fatalf("frame %q is not JSON: %v", b, err)
					}
					if (m.T == rooms.TypeWelcome || m.T == rooms.TypeSeat) && m.Seat != nil && (*m.Seat == 1 || *m.Seat == 3) {
						t.Fatalf("the attacking side was handed seat %d: %s", *m.Seat, b)
					}
					if m.T == rooms.TypePong && m.ID == sync {
						return
					}
				case isDropped(s):
					return
				default:
					t.Fatalf("no answer to the sync ping %s", sync)
				}
			}
		}
		for i, s := range phones {
			s.Receive([]byte(fmt.Sprintf(`{"t":"ping","id":"s%d"}`, i)))
			check(s, fmt.Sprint("s", i))
		}
		for i, line := range lines {
			if len(line) == 0 {
				continue
			}
			s := phones[int(line[0])%len(phones)]
			frame := line[1:]
			if cl := r.Lobby().Claims; len(cl) > 0 {
				frame = bytes.ReplaceAll(frame, []byte("$CLAIM"), []byte(cl[0].ID))
			}
			frame = bytes.ReplaceAll(frame, []byte("$TOKEN"), []byte(tokens[0]))
			s.Receive(frame)
			sync := fmt.Sprint("sync-", i)
			s.Receive([]byte(`{"t":"ping","id":"` + sync + `"}`))
			check(s, sync)
		}
		l := r.Lobby()
		for _, seat := range []int{1, 3} {
			if !l.Seats[seat].Taken || l.Seats[seat].Name != fmt.Sprint("P", seat) {
				t.Fatalf("the other side lost seat %d: %+v", seat, l.Seats[seat])
			}
			s := r.Connect(8)
			s.Receive(helloFrame(tokens[seat]))
			var m rooms.Message
			if b, err := frameWithin(s, 5*time.Second); err == nil {
				json.Unmarshal(b, &m)
			}
			s.Close()
			if m.T != rooms.TypeWelcome || m.Seat == nil || *m.Seat != seat {
				t.Fatalf("seat %d's own token no longer opens it: %+v", seat, m)
			}
		}
	})
}

func helloFrame(token string) []byte {
	if token == "" {
		return []byte(`{"t":"hello"}`)
	}
	return []byte(`{"t":"hello","token":"` + token + `"}`)
}
