package db_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"periscope/db"
	"periscope/rooms"
)

// FuzzRecords feeds the store what a hostile phone could get into a record
// (room code, options, command body, client id): each write is either
// refused as invalid or read back byte for byte, and never panics.
func FuzzRecords(f *testing.F) {
	f.Add("ABCD", []byte(`{"map":"alpha"}`), []byte(`{"type":"move","dir":"NORTH"}`), "c1")
	f.Add("", []byte(nil), []byte(`{}`), "")
	f.Add("X'); DROP TABLE rooms;--", []byte(`[1,2,`), []byte(`"\u0000"`), "\x00\xff")
	f.Add("ÜBER", []byte(`  {"a" : [ true , null ] }  `), []byte("{\"t\":\"\xff\xfe\"}"), "é")
	f.Add("NULL", []byte(`null`), []byte(``), "x")

	d, err := db.Open(":memory:")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { d.Close() })
	n := 0
	f.Fuzz(func(t *testing.T, code string, options, body []byte, clientID string) {
		n++
		if code != "" {
			code = fmt.Sprintf("%s#%d", code, n) // a fresh room each run
		}
		r := rooms.RoomRecord{Code: code, Game: "sonar", Options: options, Seed: uint64(n) << 40, Created: start}
		err := d.CreateRoom(r)
		validRoom := code != "" && (len(options) == 0 || json.Valid(options))
		if !validRoom {
			if !errors.Is(err, db.ErrInvalid) {
				t.Fatalf("CreateRoom(%q, %q) = %v, want ErrInvalid", code, options, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("CreateRoom(%q, %q): %v", code, options, err)
		}
		c := rooms.CommandRecord{Room: code, Version: 1, Seat: 0, ClientID: clientID, Body: body, Time: start}
		err = d.AppendCommand(c)
		if len(body) == 0 || !json.Valid(body) {
			if !errors.Is(err, db.ErrInvalid) {
				t.Fatalf("AppendCommand(body %q) = %v, want ErrInvalid", body, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("AppendCommand(body %q, client %q): %v", body, clientID, err)
		}
		got, err := d.Load(code)
		if err != nil {
			t.Fatal(err)
		}
		if got.Room.Code != code || !bytes.Equal(got.Room.Options, options) {
			t.Fatalf("room %q options %q came back as %q options %q", code, options, got.Room.Code, got.Room.Options)
		}
		if len(got.Commands) != 1 || !bytes.Equal(got.Commands[0].Body, body) || got.Commands[0].ClientID != clientID {
			t.Fatalf("command body %q client %q came back as %+v", body, clientID, got.Commands)
		}
	})
}
