package server_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"

	"periscope/rooms"
	"periscope/server"
)

// from is an HTTP client whose connections leave from the loopback
// address 127.0.0.n: to the server, another phone on the Wi-Fi.
func from(n int) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 10 * time.Second}
}

type reply struct {
	status int
	header http.Header
	body   server.ErrorBody
	raw    []byte
}

// send makes one request; headers are name, value pairs.
func send(t *testing.T, hc *http.Client, method, url, body string, headers ...string) reply {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if strings.EqualFold(headers[i], "Host") {
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := reply{status: resp.StatusCode, header: resp.Header}
	r.raw, _ = io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(r.raw, &r.body); err != nil || r.body.Code == "" {
			t.Fatalf("%s %s: %d with a body that is no error JSON: %q", method, url, resp.StatusCode, r.raw)
		}
	}
	return r
}

const jsonCT = "application/json"

func TestCrossSiteWritesAreRefused(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, map[string]any{"seats": 8}, 1)
	host := strings.TrimPrefix(e.base, "http://")
	_, port, _ := net.SplitHostPort(host)
	seat := 1
	for _, tc := range []struct {
		name    string
		headers []string
		ok      bool
	}{
		{"no origin (not a browser)", nil, true},
		{"this server's own page", []string{"Origin", "http://" + host, "Sec-Fetch-Site", "same-origin"}, true},
		{"a configured origin", []string{"Origin", "http://periscope.local:8080", "Sec-Fetch-Site", "cross-site"}, true},
		{"a browser without Origin, same origin", []string{"Sec-Fetch-Site", "same-origin"}, true},
		{"typed in the address bar", []string{"Sec-Fetch-Site", "none"}, true},
		{"another site", []string{"Origin", "http://evil.example"}, false},
		{"another site that looks like this one", []string{"Origin", "http://" + host + ".evil.example"}, false},
		{"another port of this host", []string{"Origin", "http://127.0.0.1:1"}, false},
		{"a sandboxed page", []string{"Origin", "null"}, false},
		{"a file on the phone", []string{"Origin", "file://"}, false},
		{"a browser without Origin, cross-site", []string{"Sec-Fetch-Site", "cross-site"}, false},
		{"a browser without Origin, same-site", []string{"Sec-Fetch-Site", "same-site"}, false},
		// DNS rebinding: the attacker's name resolves to this server, so
		// Host and Origin agree, on a name no LAN server answers to.
		{"DNS rebinding", []string{"Origin", "http://attacker.example:" + port, "Host", "attacker.example:" + port}, false},
		{"an mDNS name of this machine", []string{"Origin", "http://laptop.local:" + port, "Host", "laptop.local:" + port}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.hub.Open())
			h := append([]string{"Content-Type", jsonCT}, tc.headers...)
			created := send(t, http.DefaultClient, "POST", e.base+"/api/rooms", `{"game":"race"}`, h...)
			took := send(t, http.DefaultClient, "POST", e.base+"/api/rooms/"+code+"/seats", fmt.Sprintf(`{"seat":%d,"name":"Eve %d"}`, seat, seat), h...)
			if tc.ok {
				if created.status != 201 || took.status != 201 {
					t.Fatalf("refused: create %d %+v, seat %d %+v", created.status, created.body, took.status, took.body)
				}
				seat++
				return
			}
			for _, r := range []reply{created, took} {
				if r.status != 403 || r.body.Code != rooms.CodeForbidden || !strings.Contains(r.body.Error, "may not use this server") {
					t.Fatalf("got %d %+v, want 403 forbidden", r.status, r.body)
				}
			}
			if after := len(e.hub.Open()); after != before {
				t.Fatalf("a refused request created a room: %d rooms, were %d", after, before)
			}
			l, _ := e.api.Room(ctxT(t), code)
			if l.Seats[seat].Taken {
				t.Fatalf("a refused request took seat %d", seat)
			}
		})
	}
	// Every state-changing method goes through the same check, on any
	// route, before the route is even looked up.
	for _, m := range []string{"PUT", "PATCH", "DELETE"} {
		r := send(t, http.DefaultClient, m, e.base+"/api/rooms/"+code, "", "Origin", "http://evil.example")
		if r.status != 403 || r.body.Code != rooms.CodeForbidden {
			t.Errorf("%s from another site: %d %+v, want 403", m, r.status, r.body)
		}
	}
}

func TestWebsocketUpgradeRefusesDNSRebinding(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	host := strings.TrimPrefix(e.base, "http://")
	_, port, _ := net.SplitHostPort(host)
	d := websocket.Dialer{NetDial: func(network, _ string) (net.Conn, error) { return net.Dial(network, host) }}
	h := http.Header{"Origin": {"http://attacker.example:" + port}}
	ws, resp, err := d.Dial("ws://attacker.example:"+port+"/ws/"+code, h)
	if err == nil {
		ws.Close()
		t.Fatal("a rebound page opened a player's websocket")
	}
	if resp == nil || resp.StatusCode != 403 {
		t.Fatalf("got %v, want 403", resp)
	}
}

func TestJSONBodiesMustSayJSON(t *testing.T) {
	e := start(t, nil)
	for _, tc := range []struct {
		contentType string
		status      int
	}{
		{"application/json", 201},
		{"application/json; charset=utf-8", 201},
		{"Application/JSON", 201},
		{"", 415},
		{"text/plain", 415},
		{"application/x-www-form-urlencoded", 415},
		// fasthttp reads a multipart body before any handler and refuses
		// this one as malformed: refused all the same.
		{"multipart/form-data; boundary=x", 400},
		{"application/jsonp", 415},
	} {
		t.Run(tc.contentType, func(t *testing.T) {
			var h []string
			if tc.contentType != "" {
				h = []string{"Content-Type", tc.contentType}
			}
			r := send(t, http.DefaultClient, "POST", e.base+"/api/rooms", `{"game":"race"}`, h...)
			if r.status != tc.status {
				t.Fatalf("got %d %+v, want %d", r.status, r.body, tc.status)
			}
			if tc.status >= 400 && r.body.Code != rooms.CodeBadRequest {
				t.Fatalf("refusal %+v, want bad_request", r.body)
			}
			if tc.status == 415 && (r.body.Code != rooms.CodeBadRequest || !strings.Contains(r.body.Error, "Content-Type: application/json")) {
				t.Fatalf("refusal %+v does not say what to send", r.body)
			}
		})
	}
}

func TestGameNightNeverHitsTheDefaultLimits(t *testing.T) {
	e := start(t, nil)
	// The worst case of a real table: every phone behind one address (a
	// travel router, or the e2e tests' one browser), three matches in a
	// row, every phone reloading the lobby a few times.
	table := from(2)
	for match := range 3 {
		created := send(t, table, "POST", e.base+"/api/rooms", `{"game":"race","options":{"seats":8}}`, "Content-Type", jsonCT)
		if created.status != 201 {
			t.Fatalf("match %d: create %d %+v", match, created.status, created.body)
		}
		var l rooms.Lobby
		json.Unmarshal(created.raw, &l)
		for seat := range 8 {
			for range 3 {
				if r := send(t, table, "GET", e.base+"/api/rooms/"+l.Code, ""); r.status != 200 {
					t.Fatalf("lobby: %d %+v", r.status, r.body)
				}
			}
			r := send(t, table, "POST", e.base+"/api/rooms/"+l.Code+"/seats", fmt.Sprintf(`{"seat":%d,"name":"P%d"}`, seat, seat), "Content-Type", jsonCT)
			if r.status != 201 {
				t.Fatalf("match %d seat %d: %d %+v", match, seat, r.status, r.body)
			}
		}
	}
}

func TestFloodsAreRateLimitedPerAddress(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	script, neighbour := from(3), from(4)

	created, refused := 0, 0
	var last reply
	for range 100 {
		r := send(t, script, "POST", e.base+"/api/rooms", `{"game":"race"}`, "Content-Type", jsonCT)
		switch r.status {
		case 201:
			created++
		case 429:
			refused++
			last = r
		default:
			t.Fatalf("create: %d %+v", r.status, r.body)
		}
	}
	if created != 20 || refused != 80 {
		t.Fatalf("a script created %d rooms of 100 (%d refused), want 20", created, refused)
	}
	if last.body.Code != server.CodeRateLimited || !strings.Contains(last.body.Error, "too many new rooms from this address") {
		t.Fatalf("refusal %+v", last.body)
	}
	if wait, err := strconv.Atoi(last.header.Get("Retry-After")); err != nil || wait < 1 || wait > 60 {
		t.Fatalf("Retry-After %q, want 1 to 60 seconds", last.header.Get("Retry-After"))
	}
	if !strings.Contains(last.body.Error, "try again in "+last.header.Get("Retry-After")+" s") {
		t.Fatalf("refusal %q does not say when to come back (Retry-After %s)", last.body.Error, last.header.Get("Retry-After"))
	}
	if n := len(e.hub.Open()); n != 21 {
		t.Fatalf("%d rooms open, want the first room and the script's 20", n)
	}
	// The rest of the table is not punished for one phone's script.
	if r := send(t, neighbour, "POST", e.base+"/api/rooms", `{"game":"race"}`, "Content-Type", jsonCT); r.status != 201 {
		t.Fatalf("another address: %d %+v", r.status, r.body)
	}
	if r := send(t, neighbour, "POST", e.base+"/api/rooms/"+code+"/seats", `{"seat":1,"name":"Bo"}`, "Content-Type", jsonCT); r.status != 201 {
		t.Fatalf("another address taking a seat: %d %+v", r.status, r.body)
	}

	// Guessing room codes to take seats counts too, found or not.
	guesser := from(5)
	taken, limited := 0, 0
	for i := range 100 {
		r := send(t, guesser, "POST", e.base+"/api/rooms/"+fmt.Sprintf("QQQ%c%c", 'A'+i%20, 'C'+i/20)+"/seats", `{"seat":0,"name":"Eve"}`, "Content-Type", jsonCT)
		switch {
		case r.status == 404:
			taken++
		case r.status == 429 && r.body.Code == server.CodeRateLimited && strings.Contains(r.body.Error, "seats taken"):
			limited++
		default:
			t.Fatalf("seat guess: %d %+v", r.status, r.body)
		}
	}
	if taken != 60 || limited != 40 {
		t.Fatalf("%d guesses answered, %d limited; want 60 and 40", taken, limited)
	}
}

func TestLimitsComeBackAfterRetryAfter(t *testing.T) {
	e := start(t, nil, func(c *server.Config) {
		c.RoomLimit = 2
		c.LimitWindow = time.Second
	})
	hc := from(6)
	create := func() reply {
		return send(t, hc, "POST", e.base+"/api/rooms", `{"game":"race"}`, "Content-Type", jsonCT)
	}
	for i := range 2 {
		if r := create(); r.status != 201 {
			t.Fatalf("create %d: %d %+v", i, r.status, r.body)
		}
	}
	r := create()
	if r.status != 429 {
		t.Fatalf("third create: %d, want 429", r.status)
	}
	wait, _ := strconv.Atoi(r.header.Get("Retry-After"))
	if wait < 1 || wait > 1 {
		t.Fatalf("Retry-After %q for a 1 s window", r.header.Get("Retry-After"))
	}
	// The limiter's clock ticks in whole seconds: Retry-After plus one
	// tick is always enough.
	time.Sleep(time.Duration(wait+1) * time.Second)
	if r := create(); r.status != 201 {
		t.Fatalf("after Retry-After: %d %+v", r.status, r.body)
	}
}

func TestOverallWriteLimitAndLimitsOff(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.WriteLimit = 5 })
	hc := from(7)
	for i := range 5 {
		path, body := "/api/rooms", `{"game":"race"}`
		if i%2 == 1 {
			path, body = "/api/rooms/QQQQQ/seats", `{"seat":0,"name":"x"}`
		}
		if r := send(t, hc, "POST", e.base+path, body, "Content-Type", jsonCT); r.status == 429 {
			t.Fatalf("request %d limited: %+v", i, r.body)
		}
	}
	r := send(t, hc, "POST", e.base+"/api/nothing", "{}", "Content-Type", jsonCT)
	if r.status != 429 || r.body.Code != server.CodeRateLimited || !strings.Contains(r.body.Error, "requests that change something") {
		t.Fatalf("sixth write: %d %+v", r.status, r.body)
	}

	off := start(t, nil, func(c *server.Config) { c.RoomLimit, c.WriteLimit = -1, -1 })
	for i := range 150 {
		if r := send(t, hc, "POST", off.base+"/api/rooms", `{"game":"race"}`, "Content-Type", jsonCT); r.status != 201 {
			t.Fatalf("create %d with limits off: %d %+v", i, r.status, r.body)
		}
	}
}

func TestOpenRoomsArePaged(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	for range 7 {
		if _, err := e.api.Create(ctx, "race", nil); err != nil {
			t.Fatal(err)
		}
	}
	all := e.hub.Open()
	codes := func(ls []rooms.Lobby) string {
		var b strings.Builder
		for _, l := range ls {
			b.WriteString(l.Code + " ")
		}
		return b.String()
	}
	for _, tc := range []struct {
		query string
		want  []rooms.Lobby
	}{
		{"", all},
		{"?limit=3", all[:3]},
		{"?limit=3&offset=3", all[3:6]},
		{"?limit=3&offset=6", all[6:]},
		{"?offset=7", nil},
		{"?offset=1000", nil},
		{"?limit=200", all},
	} {
		r := send(t, http.DefaultClient, "GET", e.base+"/api/rooms"+tc.query, "")
		var got []rooms.Lobby
		if err := json.Unmarshal(r.raw, &got); err != nil || r.status != 200 || got == nil {
			t.Fatalf("%s: %d %q", tc.query, r.status, r.raw)
		}
		if codes(got) != codes(tc.want) || r.header.Get("X-Total-Count") != "7" {
			t.Errorf("%s: %s (total %s), want %s (7)", tc.query, codes(got), r.header.Get("X-Total-Count"), codes(tc.want))
		}
	}
	for _, q := range []string{"?limit=0", "?limit=201", "?limit=ten", "?offset=-1", "?offset=x"} {
		r := send(t, http.DefaultClient, "GET", e.base+"/api/rooms"+q, "")
		if r.status != 400 || r.body.Code != rooms.CodeBadRequest {
			t.Errorf("%s: %d %+v, want 400", q, r.status, r.body)
		}
	}
}

func TestJoinLinkIgnoresAForgedHost(t *testing.T) {
	for _, tc := range []struct {
		name, public, want string
	}{
		{"listener address", "", ""},
		{"public name", "http://periscope.local:8080", "http://periscope.local:8080"},
		{"public name with a slash", "http://periscope.local:8080/", "http://periscope.local:8080"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := start(t, nil, func(c *server.Config) { c.PublicURL = tc.public })
			code, _, _ := e.table(t, nil, 1)
			want := tc.want
			if want == "" {
				want = e.base
			}
			want += "/join/" + code
			for _, host := range []string{"", "evil.example", "evil.example:80", "192.168.66.6:8080"} {
				var h []string
				if host != "" {
					h = []string{"Host", host, "X-Forwarded-Host", host}
				}
				qr := send(t, http.DefaultClient, "GET", e.base+"/api/rooms/"+code+"/qr.svg", "", h...)
				if qr.status != 200 || !strings.Contains(string(qr.raw), "QR code: "+want+`"`) {
					t.Errorf("Host %q: QR code %d %.160s, want the link %s", host, qr.status, qr.raw, want)
				}
				link := send(t, http.DefaultClient, "GET", e.base+"/api/rooms/"+code+"/link", "", h...)
				var got server.JoinLink
				if err := json.Unmarshal(link.raw, &got); err != nil || got.URL != want || got.Code != code {
					t.Errorf("Host %q: link %d %s, want %s", host, link.status, link.raw, want)
				}
			}
		})
	}
}

func TestBinaryFramesGetTheDocumentedRefusal(t *testing.T) {
	e := start(t, nil)
	code, _, tokens := e.table(t, nil, 1)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	next := func(typ string) rooms.Message {
		t.Helper()
		for {
			var m rooms.Message
			if err := ws.ReadJSON(&m); err != nil {
				t.Fatalf("waiting for %s: %v", typ, err)
			}
			if m.T == typ {
				return m
			}
		}
	}
	ws.WriteJSON(map[string]any{"t": "hello", "token": tokens[0]})
	next(rooms.TypeWelcome)
	for _, frame := range [][]byte{[]byte(`{"t":"ping","id":"p1"}`), {0xff, 0x00, 0x13}, nil} {
		if err := ws.WriteMessage(websocket.BinaryMessage, frame); err != nil {
			t.Fatal(err)
		}
		m := next(rooms.TypeError)
		if m.Code != rooms.CodeBadRequest || m.Message != "send JSON text frames: binary frames are not read" {
			t.Fatalf("binary frame %q: %+v", frame, m)
		}
	}
	// The connection is still the phone's.
	ws.WriteJSON(map[string]any{"t": "ping", "id": "p2"})
	if m := next(rooms.TypePong); m.ID != "p2" {
		t.Fatalf("pong %+v", m)
	}
}

// TestCompressedBodiesAreRefused: Fiber would inflate a compressed body
// whole, layer after layer, past the body limit that counts wire bytes:
// nested gzip of a few kilobytes becomes gigabytes. Writes must come
// uncompressed, as the pages send them.
func TestCompressedBodiesAreRefused(t *testing.T) {
	e := start(t, nil)
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	deflate := func(b []byte) []byte {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	create := []byte(`{"game":"race"}`)
	for _, tc := range []struct {
		encoding string
		body     []byte
	}{
		{"gzip", gz(create)},
		{"gzip, gzip", gz(gz(create))},
		{"deflate", deflate(create)},
		{"br", create},
		{"identity, gzip", gz(create)},
	} {
		t.Run(tc.encoding, func(t *testing.T) {
			before := len(e.hub.Open())
			r := send(t, http.DefaultClient, "POST", e.base+"/api/rooms", string(tc.body), "Content-Type", jsonCT, "Content-Encoding", tc.encoding)
			if r.status != 415 || r.body.Code != rooms.CodeBadRequest || !strings.Contains(r.body.Error, "send the body uncompressed") {
				t.Fatalf("got %d %+v, want 415 asking for an uncompressed body", r.status, r.body)
			}
			if after := len(e.hub.Open()); after != before {
				t.Fatal("a compressed body created a room")
			}
		})
	}
	if r := send(t, http.DefaultClient, "POST", e.base+"/api/rooms", string(create), "Content-Type", jsonCT, "Content-Encoding", "identity"); r.status != 201 {
		t.Fatalf("an identity body: %d %+v", r.status, r.body)
	}
}
