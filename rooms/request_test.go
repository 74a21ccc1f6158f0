package rooms

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// quickMessages are messages phones send, each of which decodeQuick must
// read itself (they are most of the traffic), and some it must leave to
// the strict reading.
var quickMessages = []struct {
	in    string
	quick bool
}{
	{`{"t":"hello"}`, true},
	{`{"t":"hello","token":"abc","v":12}`, true},
	{`{"t":"hello","v":0}`, true},
	{`{"t":"cmd","id":"c1","cmd":{"type":"add","n":1}}`, true},
	{`{"t":"cmd","id":"c-17","cmd":{"type":"course","dir":"NORTH","note":"é \"q\"","list":[1,{"a":null}]}}`, true},
	{` { "t" : "cmd" , "id" : "c1" , "cmd" : { "type" : "pass" } } ` + "\n", true},
	{`{"cmd":{"type":"pass"},"id":"x","t":"cmd"}`, true},
	{`{"t":"host","id":"h1","action":"start"}`, true},
	{`{"t":"host","id":"h1","action":"move","from":1,"to":2}`, true},
	{`{"t":"host","id":"h","action":"bot","seat":2}`, true},
	{`{"t":"ping"}`, true},
	{`{"t":"ping","id":"p"}`, true},
	{`{"t":"claim","id":"c","seat":1,"name":"Ann"}`, true},
	{`{"t":"grant","id":"g","claim":"q8Zr1xT0bQ5m","allow":false}`, true},
	{`{"t":"grant","id":"g","claim":"q","allow":true}`, true},
	{`{"t":"hello","v":-0}`, true},
	// Left to encoding/json: its spellings, escapes, null, big or
	// fractional numbers, non-ASCII text, and every refusal.
	{`{"T":"ping"}`, false},
	{`{"t":"claim","id":"c","seat":1,"name":"Zoë"}`, false},
	{`{"t":"p\u0069ng"}`, false},
	{`{"t":"hello","v":null}`, false},
	{`{"t":"hello","v":1.0}`, false},
	{`{"t":"hello","v":12345678901234567890}`, false},
	{`{"t":"hello","v":-1}`, false},
	{`{"t":"ping"}{"t":"ping"}`, false},
	{`{"t":"cmd","id":"a","cmd":{"type":"pass"},"cmd":{"type":"concede"}}`, false},
	{`{"t":"cmd","id":"a","cmd":{"type":"pass",}}`, false},
	{`{"t":"cmd","id":"a","cmd":[1]}`, false},
	{`{"t":"ping","x":1}`, false},
	{`{"t":"dance"}`, false},
	{`{}`, false},
	{``, false},
}

// TestDecodeQuickReadsWhatPhonesSend: the quick reading takes the usual
// messages, with the Request the strict reading gives, and leaves the
// others to it.
func TestDecodeQuickReadsWhatPhonesSend(t *testing.T) {
	for _, m := range quickMessages {
		r, ok := decodeQuick([]byte(m.in))
		if ok != m.quick {
			t.Errorf("%s: read quickly %v, want %v", m.in, ok, m.quick)
		}
		if ok {
			sameRequest(t, []byte(m.in), r)
		}
	}
}

// sameRequest fails unless the strict reading accepts data as r.
func sameRequest(t *testing.T, data []byte, r Request) {
	t.Helper()
	want, err := decodeStrict(data)
	if err != nil {
		t.Fatalf("%q read quickly as %+v, but the strict reading refuses it: %v", data, r, err)
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("%q read quickly as %+v, strictly as %+v", data, r, want)
	}
}

// FuzzDecodeQuickIsStrict: whatever a phone sends, a message the quick
// reading takes is one the strict reading accepts, as the same Request
// (so DecodeRequest accepts and refuses exactly what it did).
func FuzzDecodeQuickIsStrict(f *testing.F) {
	for _, m := range quickMessages {
		f.Add([]byte(m.in))
	}
	f.Add([]byte(`{"t":"cmd","id":"` + strings.Repeat("a", 65) + `","cmd":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if r, ok := decodeQuick(data); ok {
			sameRequest(t, data, r)
			if b, err := json.Marshal(r); err != nil || !json.Valid(b) {
				t.Fatalf("%+v does not encode: %v", r, err)
			}
		}
	})
}

// BenchmarkDecodeRequest is reading a Captain Sonar order as a phone
// sends it: "strict" through encoding/json, as DecodeRequest read every
// message before decodeQuick.
func BenchmarkDecodeRequest(b *testing.B) {
	msg := []byte(`{"t":"cmd","id":"c-1234","cmd":{"type":"course","dir":"NORTH"}}`)
	b.Run("quick", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DecodeRequest(msg); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("strict", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := decodeStrict(msg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestAckFrameIsEncode: the hand-written ack is encoding/json's, for ids
// it writes as they are and for those it escapes.
func TestAckFrameIsEncode(t *testing.T) {
	for _, id := range []string{"c1", "a-b_c.d~!$%'()*+,/:;=?@[]^`{|}", "", `q"`, `back\slash`, "<tag>&", "tab\t", "é", "\u2028"} {
		for _, dup := range []bool{false, true} {
			for _, v := range []int64{0, 7, 1 << 40} {
				got, want := ackFrame(v, id, dup), encode(Message{T: TypeAck, V: v, ID: id, Dup: dup})
				if string(got) != string(want) {
					t.Errorf("ack %q dup %v: %s, want %s", id, dup, got, want)
				}
			}
		}
	}
}
