// Command periscope is the game master of a board-game night: run it on a
// laptop or a Raspberry Pi and the players join from their phones over the LAN.
//
// It opens (or creates) its SQLite file, resumes every unfinished match from
// its log, prints the LAN addresses to join with a QR code of the first, and
// serves until SIGINT or SIGTERM, when it stops taking connections, lets
// every room finish the command in hand, and closes the database.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"rsc.io/qr"

	"periscope/db"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/static"
)

// games are the games the lobby offers.
func catalogue() []games.Definition {
	return []games.Definition{roles.Definition, gridtactics.Definition, saga.Definition, battles.Definition, pocketsub.Definition}
}

func main() {
	addr := flag.String("addr", ":8080", "address to listen on")
	dbPath := flag.String("db", "periscope.db", "SQLite file that keeps every match")
	origins := flag.String("origins", "", "comma-separated extra page origins allowed to open websockets (e.g. http://periscope.local:8080)")
	showQR := flag.Bool("qr", true, "print a QR code of the join address")
	public := flag.String("public", "", "address phones reach this server at, for join links and QR codes (e.g. http://periscope.local:8080); default: the first LAN address")
	limits := flag.Bool("limits", true, "per-address limits on new rooms, seats and writes; -limits=false for a load tool on loopback (cmd/loadgen)")
	conns := flag.Int("conns", 0, "most TCP connections open at once (0: from the file limit, which is raised to its hard limit at start)")
	connsPerAddr := flag.Int("conns-per-address", 0, "most TCP connections one address may hold open (0: a quarter of -conns, at most 128; the server's own machine is not counted)")
	abandonAfter := flag.Duration("abandon-after", 4*time.Hour, "finish a match in play as abandoned once no player's phone has been connected for this long (0: never)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file until the server stops (for docs/benchmarks.md)")
	ops := addOpsFlags(flag.CommandLine) // config.go: environment, logs, backups, -version
	flag.Usage = usage
	flag.Parse()
	if code, done := ops.setup(flag.CommandLine, os.Stdout, os.Stderr); done {
		os.Exit(code)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "periscope:", err)
			os.Exit(2)
		}
		// Stopped before main returns, also when run fails: os.Exit skips defers.
		defer pprof.StopCPUProfile()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := config{addr: *addr, db: *dbPath, qr: *showQR, noLimits: !*limits, conns: *conns, connsPerAddr: *connsPerAddr, abandonAfter: *abandonAfter, ops: ops}
	if *abandonAfter <= 0 {
		cfg.abandonAfter = -1 // -abandon-after 0: never
	}
	if *origins != "" {
		cfg.origins = strings.Split(*origins, ",")
	}
	if *public != "" {
		u, err := publicURL(*public)
		if err != nil {
			fmt.Fprintln(os.Stderr, "periscope:", err)
			os.Exit(2)
		}
		cfg.public = u
	}
	if err := run(ctx, cfg, os.Stdout); err != nil {
		pprof.StopCPUProfile()
		// One plain sentence for whoever started it, not a log record.
		fmt.Fprintln(os.Stderr, "periscope:", err)
		os.Exit(1)
	}
}

// usage is the -h text: what the command is, then its flags.
func usage() {
	w := flag.CommandLine.Output()
	fmt.Fprint(w, `Periscope is the game master of a board-game night: players join from
their phones on the same Wi-Fi, at the address it prints.

Usage: periscope [flags]

`)
	flag.PrintDefaults()
	fmt.Fprint(w, envHelp(flag.CommandLine))
	fmt.Fprint(w, `
Example: periscope -addr :8081 -db friday.db
`)
}

// listen opens addr; a port already taken says so and names a free one.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil || !errors.Is(err, syscall.EADDRINUSE) {
		return ln, err
	}
	msg := fmt.Sprintf("%s is already in use (is Periscope, or another server, already running there?): pick another port with -addr", addr)
	if host, port, perr := net.SplitHostPort(addr); perr == nil {
		if p, aerr := strconv.Atoi(port); aerr == nil {
			for next := p + 1; next < p+20 && next < 65536; next++ {
				probe, perr := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(next)))
				if perr == nil {
					probe.Close()
					msg += fmt.Sprintf(", e.g. -addr %s", net.JoinHostPort(host, strconv.Itoa(next)))
					break
				}
			}
		}
	}
	return nil, errors.New(msg)
}

type config struct {
	addr, db string
	origins  []string
	// public is the -public address, checked by publicURL; empty for the
	// first LAN address.
	public string
	qr     bool
	// noLimits turns the per-address rate limits off (-limits=false).
	noLimits bool
	// conns and connsPerAddr are -conns and -conns-per-address.
	conns, connsPerAddr int
	// abandonAfter is -abandon-after: 0 takes the hub's default (4
	// hours), negative never abandons.
	abandonAfter time.Duration
	// ops: backups, pruning, the access log (config.go); nil for none.
	ops *opsConfig
}

// publicURL checks a -public address and returns it as scheme://host[:port].
func publicURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("-public must be an address such as http://periscope.local:8080, not %q", s)
	}
	return u.Scheme + "://" + u.Host, nil
}

func run(ctx context.Context, cfg config, out io.Writer) error {
	store, err := db.Open(cfg.db)
	if err != nil {
		return err
	}
	defer store.Close()
	defer cfg.ops.start(ctx, store)() // stopped before the store closes
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: catalogue(), AbandonAfter: cfg.abandonAfter})
	if err != nil {
		return err
	}
	defer hub.Close()
	n, err := hub.Resume()
	if err != nil {
		// Those rooms stay closed; every other match goes on.
		slog.Error("some matches could not be resumed", "err", err)
	}
	ln, err := listen(cfg.addr)
	if err != nil {
		return err
	}
	urls := lanURLs(ln.Addr().(*net.TCPAddr).Port)
	local := cfg.public == "" && ln.Addr().(*net.TCPAddr).IP.IsLoopback()
	if local {
		// No phone can reach a loopback address: print no LAN link that cannot work.
		port := ln.Addr().(*net.TCPAddr).Port
		fmt.Fprintf(out, "periscope: listening on %s only, which phones on the Wi-Fi cannot reach; to let them join, start it with -addr :%d (every interface) or -addr <this machine's LAN address>:%d\n", ln.Addr(), port, port)
		urls = []string{"http://" + ln.Addr().String() + "/"}
	}
	if cfg.public != "" {
		urls = append([]string{cfg.public + "/"}, slices.DeleteFunc(urls, func(u string) bool { return u == cfg.public+"/" })...)
	}
	// Join links and QR codes use this address, never a request's Host
	// header, which anyone on the Wi-Fi can forge.
	limit := 0 // the server's defaults
	if cfg.noLimits {
		limit = -1
	}
	files, err := server.RaiseFileLimit()
	if err != nil {
		slog.Warn("cannot read the file limit; connection bounds assume 1024", "err", err)
	}
	srv := server.New(server.Config{
		Hub:       hub,
		History:   store,
		Static:    static.FS,
		Origins:   cfg.origins,
		PublicURL: strings.TrimSuffix(urls[0], "/"),
		RoomLimit: limit, SeatLimit: limit, WriteLimit: limit,
		FileLimit: files, Conns: cfg.conns, ConnsPerAddress: cfg.connsPerAddr,
		Health:       store.Check,
		DatabaseSize: store.Size,
		Version:      versionLine(),
		AccessLog:    cfg.ops != nil && cfg.ops.accessLog,
	})
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	fmt.Fprintf(out, "periscope: %d match(es) resumed from %s; join at:\n", n, cfg.db)
	for _, u := range urls {
		fmt.Fprintf(out, "  %s\n", u)
	}
	if cfg.qr && !local {
		if err := printQR(out, urls[0]); err != nil {
			slog.Warn("no QR code", "err", err)
		}
	}
	total, perAddr := srv.ConnBounds()
	fmt.Fprintf(out, "periscope: file limit %d: up to %d connections at once, %d from one address\n", files, total, perAddr)

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(out, "periscope: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	// Rooms finish the command in hand; every accepted command is already
	// in the log, so the deferred store.Close loses nothing.
	hub.Close()
	return nil
}

// lanURLs lists http://IP:port/ for every non-loopback IPv4 address of an
// up interface, or localhost when the machine has none. Virtual interfaces
// (containers, VMs, VPNs) come last: the first address is the one phones
// on the Wi-Fi are offered.
func lanURLs(port int) []string {
	var urls []string
	ifaces, _ := net.Interfaces()
	sort.SliceStable(ifaces, func(i, j int) bool { return !virtual(ifaces[i].Name) && virtual(ifaces[j].Name) })
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok || ipn.IP.To4() == nil || ipn.IP.IsLoopback() {
				continue
			}
			urls = append(urls, "http://"+net.JoinHostPort(ipn.IP.String(), strconv.Itoa(port))+"/")
		}
	}
	if len(urls) == 0 {
		urls = append(urls, "http://"+net.JoinHostPort("localhost", strconv.Itoa(port))+"/")
	}
	return urls
}

// virtual reports interface names of containers, VMs and VPNs, which
// phones on the Wi-Fi cannot reach.
func virtual(name string) bool {
	for _, p := range []string{"docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tailscale", "zt", "wg", "tun", "utun"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// printQR draws text as a QR code with half-block characters, two modules
// per character cell. Light modules are drawn, dark ones left blank, so the
// code reads right on the usual dark terminal; the quiet zone is light.
func printQR(w io.Writer, text string) error {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return err
	}
	const quiet = 4 // modules of light margin, as the QR standard asks
	light := func(x, y int) bool {
		if x < 0 || y < 0 || x >= code.Size || y >= code.Size {
			return true
		}
		return !code.Black(x, y)
	}
	var b strings.Builder
	for y := -quiet; y < code.Size+quiet; y += 2 {
		for x := -quiet; x < code.Size+quiet; x++ {
			top, bottom := light(x, y), light(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	_, err = io.WriteString(w, b.String())
	return err
}
