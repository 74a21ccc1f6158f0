package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"rsc.io/qr"

	"periscope/client"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

func TestJoinAndTableLinksServeTheirPages(t *testing.T) {
	pages := fstest.MapFS{
		"index.html": {Data: []byte("<title>lobby</title>")},
		"table.html": {Data: []byte("<title>table</title>")},
	}
	e := start(t, nil, func(c *server.Config) { c.Static = pages })
	code, _, _ := e.table(t, nil, 1)
	tests := []struct{ path, want string }{
		{"/join/" + code, "lobby"},
		{"/table/" + code, "table"},
		{"/", "lobby"},
	}
	for _, tt := range tests {
		res, err := http.Get(e.base + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), tt.want) || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %q %q", tt.path, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

func TestQRCodeOfTheJoinLink(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	res, err := http.Get(e.base + "/api/rooms/" + code + "/qr.svg")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	link := e.base + "/join/" + code
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if !strings.Contains(string(body), "QR code: "+link) {
		t.Fatalf("the code does not name its link %s: %.200s", link, body)
	}
	// Every dark module of the link's code is drawn, and nothing more.
	want, err := qr.Encode(link, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	dark := 0
	for y := 0; y < want.Size; y++ {
		for x := 0; x < want.Size; x++ {
			if want.Black(x, y) {
				dark++
			}
		}
	}
	if got := strings.Count(string(body), "h1v1h-1z"); got != dark {
		t.Fatalf("%d modules drawn, the code has %d", got, dark)
	}

	res, err = http.Get(e.base + "/api/rooms/ZZZZ/qr.svg")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown room: %d", res.StatusCode)
	}
}

// TestTableLinkServesTheGamesOwnPage: /table/CODE is the page the game's
// definition names as its table screen (Captain Sonar's table.html), else
// the game's own page (which watches as the table screen), and table.html
// for a code no live room has (the page says the room is gone) or a game
// whose page the server does not hold.
func TestTableLinkServesTheGamesOwnPage(t *testing.T) {
	pocket := roomstest.Race
	pocket.Name, pocket.Page = "pocket", "/pocket.html"
	sonar := roomstest.Race
	sonar.Name, sonar.Page, sonar.TablePage = "sonar", "/sonar.html", "/table.html"
	screen := roomstest.Race
	screen.Name, screen.Page, screen.TablePage = "screen", "/pocket.html", "/screen.html"
	pageless := roomstest.Race
	pageless.Name = "pageless"
	lost := roomstest.Race
	lost.Name, lost.Page = "lost", "/lost.html" // a page the server does not hold
	pages := fstest.MapFS{
		"index.html":  {Data: []byte("<title>lobby</title>")},
		"table.html":  {Data: []byte("<title>table</title>")},
		"pocket.html": {Data: []byte("<title>pocket</title>")},
		"sonar.html":  {Data: []byte("<title>sonar seat</title>")},
		"screen.html": {Data: []byte("<title>screen</title>")},
	}
	hub := servertest.Hub(t, pocket, sonar, pageless, lost, screen)
	_, base := servertest.Serve(t, server.Config{Hub: hub, Static: pages})
	api := client.API{Base: base}
	code := func(game string) string {
		l, err := api.Create(ctxT(t), game, nil)
		if err != nil {
			t.Fatal(err)
		}
		return l.Code
	}
	p, s, n, l, sc := code("pocket"), code("sonar"), code("pageless"), code("lost"), code("screen")
	tests := []struct{ path, want string }{
		{"/table/" + p, "<title>pocket</title>"},
		{"/table/" + strings.ToLower(p), "<title>pocket</title>"},
		{"/table/" + s, "<title>table</title>"},
		{"/table/" + sc, "<title>screen</title>"},
		{"/table/" + n, "<title>table</title>"},
		{"/table/" + l, "<title>table</title>"},
		{"/table/QQQQQ", "<title>table</title>"},
		{"/join/" + p, "<title>lobby</title>"},
	}
	for _, tt := range tests {
		res, err := http.Get(base + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || string(body) != tt.want || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
			res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %d %q %q %q, want %q", tt.path, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), body, tt.want)
		}
	}
}
