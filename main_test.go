package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"rsc.io/qr"

	"periscope/client"
	"periscope/db"
	"periscope/games/gridtactics"
	"periscope/rooms"
)

func TestPrintQR(t *testing.T) {
	const text = "http://192.168.1.20:8080/"
	var out bytes.Buffer
	if err := printQR(&out, text); err != nil {
		t.Fatal(err)
	}
	code, _ := qr.Encode(text, qr.M)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	// Read the half blocks back into modules and compare with the code.
	const quiet = 4
	for y := -quiet; y < code.Size+quiet; y++ {
		row := []rune(lines[(y+quiet)/2])
		if len(row) != code.Size+2*quiet {
			t.Fatalf("line %d is %d cells wide, want %d", (y+quiet)/2, len(row), code.Size+2*quiet)
		}
		for x := -quiet; x < code.Size+quiet; x++ {
			c := row[x+quiet]
			var light bool
			if (y+quiet)%2 == 0 {
				light = c == '█' || c == '▀'
			} else {
				light = c == '█' || c == '▄'
			}
			want := x < 0 || y < 0 || x >= code.Size || y >= code.Size || !code.Black(x, y)
			if light != want {
				t.Fatalf("module (%d,%d) drawn light=%v, want %v", x, y, light, want)
			}
		}
	}
}

func TestLanURLs(t *testing.T) {
	urls := lanURLs(8080)
	if len(urls) == 0 {
		t.Fatal("no URL at all")
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, "http://") || !strings.HasSuffix(u, ":8080/") || strings.Contains(u, "127.0.0.1") {
			t.Errorf("URL %q", u)
		}
	}
}

// TestSurvivesSIGKILL runs the real binary on a temporary database, plays
// part of a match, kills the process with SIGKILL, restarts it on the same
// database and checks that every accepted command is there and that the
// match goes on as one uninterrupted match would.
func TestSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "periscope")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dbPath := filepath.Join(dir, "periscope.db")
	base, proc := launch(t, bin, dbPath)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	api := client.API{Base: base}

	lobby, err := api.Create(ctx, gridtactics.Definition.Name, map[string]any{"small_board": true})
	if err != nil {
		t.Fatal(err)
	}
	code := lobby.Code
	tokens := make([]string, 2)
	players := make([]*client.Conn, 2)
	for seat := range players {
		if tokens[seat], err = api.Take(ctx, code, seat, fmt.Sprint("P", seat)); err != nil {
			t.Fatal(err)
		}
		if players[seat], err = client.Dial(ctx, base, code, tokens[seat], -1); err != nil {
			t.Fatal(err)
		}
	}
	if err := players[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	var acked []int64
	for len(acked) < 12 {
		v, ok := step(ctx, t, players)
		if !ok {
			t.Fatal("the match ended before the kill")
		}
		acked = append(acked, v)
	}
	last := acked[len(acked)-1]
	views := make([]json.RawMessage, 2)
	for seat, p := range players {
		waitVersion(ctx, t, p, last)
		views[seat] = p.View()
	}

	if err := proc.Process.Kill(); err != nil { // SIGKILL: no shutdown at all
		t.Fatal(err)
	}
	proc.Wait()
	for _, p := range players {
		<-p.Done()
	}

	base, proc = launch(t, bin, dbPath)
	defer func() { proc.Process.Signal(os.Interrupt); proc.Wait() }()
	for seat := range players {
		p, err := client.Dial(ctx, base, code, tokens[seat], last)
		if err != nil {
			t.Fatalf("seat %d reconnects: %v", seat, err)
		}
		defer p.Close()
		w := p.Welcome()
		if w.V != last || w.Gap || len(w.Events) != 0 {
			t.Fatalf("seat %d welcomed at v%d gap=%v with %d events; every command up to v%d was accepted", seat, w.V, w.Gap, len(w.Events), last)
		}
		if !bytes.Equal(p.View(), views[seat]) {
			t.Fatalf("seat %d sees another match after the restart:\n%s\nbefore:\n%s", seat, p.View(), views[seat])
		}
		players[seat] = p
	}
	for range 12 {
		if _, ok := step(ctx, t, players); !ok {
			break
		}
	}
	final := max(players[0].Version(), players[1].Version())
	t.Logf("killed at v%d, played on to v%d", last, final)
	for _, p := range players {
		waitVersion(ctx, t, p, final)
	}

	// An uninterrupted match is the pure replay of the log: rebuild it here
	// from the database and compare every seat's view with the server's.
	proc.Process.Signal(os.Interrupt)
	proc.Wait()
	store, err := db.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	saved, err := store.Load(code)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(saved.Commands)) != final {
		t.Fatalf("the log has %d rows, the match reached v%d", len(saved.Commands), final)
	}
	g, err := gridtactics.Definition.New(saved.Room.Options, saved.Room.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range saved.Commands {
		if _, err := g.Apply(c.Command()); err != nil {
			t.Fatalf("v%d does not replay: %v", c.Version, err)
		}
	}
	for seat, p := range players {
		// The phone's view is kept with sorted keys (patches apply to a
		// decoded document): compare in that form.
		var doc any
		raw, _ := json.Marshal(g.View(seat))
		_ = json.Unmarshal(raw, &doc)
		want, _ := json.Marshal(doc)
		if !bytes.Equal(p.View(), want) {
			t.Fatalf("seat %d after the restart:\n%s\nuninterrupted:\n%s", seat, p.View(), want)
		}
	}
}

// launch starts the binary on a free loopback port and waits until it serves.
func launch(t *testing.T, bin, dbPath string) (string, *exec.Cmd) {
	t.Helper()
	return launchCmd(t, "", func(addr string) *exec.Cmd {
		return exec.Command(bin, "-addr", addr, "-db", dbPath, "-qr=false")
	})
}

// launchCmd starts the command made for a free loopback address, logs its
// standard error, and waits until it serves /healthz; how names what set
// the address, for the failure.
func launchCmd(t *testing.T, how string, command func(addr string) *exec.Cmd) (string, *exec.Cmd) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := command(addr)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			t.Log("server: " + s.Text())
		}
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			return base, cmd
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the server did not come up on %s%s: %v", addr, how, err)
		}
	}
}

func waitVersion(ctx context.Context, t *testing.T, c *client.Conn, v int64) {
	t.Helper()
	for c.Version() < v {
		if _, err := c.Next(ctx); err != nil {
			t.Fatalf("waiting for v%d: %v", v, err)
		}
	}
}

// step plays one command for whichever seat has something to do, chosen
// from its view alone, and returns the version it produced; ok is false
// once the match is over.
func step(ctx context.Context, t *testing.T, players []*client.Conn) (int64, bool) {
	t.Helper()
	var v int64
	for _, p := range players {
		v = max(v, p.Version())
	}
	for _, p := range players {
		waitVersion(ctx, t, p, v)
	}
	for seat, p := range players {
		var view gridtactics.View
		if err := p.ViewAs(&view); err != nil {
			t.Fatal(err)
		}
		if view.Phase == "over" {
			return 0, false
		}
		cmd, ok := choose(view, seat)
		if !ok {
			continue
		}
		v, err := p.Do(ctx, cmd)
		var refused *client.Error
		if errors.As(err, &refused) && refused.Code == rooms.CodeRefused {
			v, err = p.Do(ctx, map[string]string{"type": gridtactics.TypeEndTurn})
		}
		if err != nil {
			t.Fatalf("seat %d: %v (view %+v)", seat, err, view)
		}
		return v, true
	}
	t.Fatalf("nobody can play at v%d: %s\n%s", v, players[0].View(), players[1].View())
	return 0, false
}

// choose picks a command from a view: set up in order, attack when a unit
// can (so dice roll), else move the first unit that can, else end the turn.
func choose(v gridtactics.View, seat int) (any, bool) {
	if v.Setup != nil {
		var kinds []string
		for k := range v.Setup.Units {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		place := map[string]string{}
		i := 0
		for _, k := range kinds {
			for range v.Setup.Units[k] {
				place[v.Setup.Squares[i]] = k
				i++
			}
		}
		return gridtactics.Command{Type: gridtactics.TypeSetup, Place: place}, true
	}
	if v.Phase != "play" || v.Turn != seat {
		return nil, false
	}
	if v.Pending != nil {
		return gridtactics.Command{Type: gridtactics.TypeSecondAttack}, true
	}
	attack := map[string]string{"soldier": gridtactics.TypeAttack, "tank": gridtactics.TypeTank, "artillery": gridtactics.TypeArtillery}
	for _, u := range v.Legal {
		if len(u.Attacks) > 0 && attack[u.Kind] != "" {
			return gridtactics.Command{Type: attack[u.Kind], Unit: u.Unit, Target: u.Attacks[0].At}, true
		}
	}
	for _, u := range v.Legal {
		if len(u.Moves) > 0 {
			return gridtactics.Command{Type: gridtactics.TypeMove, Unit: u.Unit, To: u.Moves[len(u.Moves)-1]}, true
		}
	}
	if v.CanEndTurn {
		return gridtactics.Command{Type: gridtactics.TypeEndTurn}, true
	}
	return nil, false
}

func TestPublicURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://periscope.local:8080", "http://periscope.local:8080"},
		{"http://periscope.local:8080/", "http://periscope.local:8080"},
		{"https://games.example", "https://games.example"},
		{"http://192.168.1.20:8080", "http://192.168.1.20:8080"},
		{"periscope.local:8080", ""},
		{"ftp://periscope.local", ""},
		{"http://", ""},
		{"http://periscope.local:8080/join", ""},
		{"http://periscope.local:8080/?x=1", ""},
		{"http://user:pw@periscope.local", ""},
	} {
		got, err := publicURL(tc.in)
		if got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("publicURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "-public must be an address") {
			t.Errorf("publicURL(%q): %v does not say what is wanted", tc.in, err)
		}
	}
}

func TestPublicAddressMakesTheJoinLink(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() {
		done <- run(ctx, config{addr: addr, db: filepath.Join(t.TempDir(), "p.db"), public: "http://periscope.local:8080"}, &out)
	}()
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			if err := <-done; err != nil {
				t.Errorf("run: %v", err)
			}
		}
	}
	defer stop()
	base := "http://" + addr
	api := client.API{Base: base}
	var l rooms.Lobby
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if l, err = api.Create(context.Background(), "gridtactics", nil); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not come up: %v", err)
		}
	}
	req, _ := http.NewRequest("GET", base+"/api/rooms/"+l.Code+"/link", nil)
	req.Host = "evil.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var link struct{ URL string }
	json.NewDecoder(resp.Body).Decode(&link)
	if want := "http://periscope.local:8080/join/" + l.Code; link.URL != want {
		t.Fatalf("join link %q, want %q", link.URL, want)
	}
	stop() // out is the server's until it returns
	if first := strings.SplitN(out.String(), "\n", 3); len(first) < 2 || strings.TrimSpace(first[1]) != "http://periscope.local:8080/" {
		t.Fatalf("the public address is not the first one printed:\n%s", out.String())
	}
}
