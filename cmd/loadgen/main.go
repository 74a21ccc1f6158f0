// Command loadgen plays real Captain Sonar matches against a Periscope
// server and measures what phones would see: the time from a command to
// the last of the room's 8 seats that gets its update, the bytes of every
// frame by match version, the welcome, the server's memory, threads and
// CPU. Then, in the same run, it replays the very frames it recorded
// through a bare websocket broadcast (no rooms runtime, game, views or
// SQLite) at the same rate, and prints both side by side.
//
//	go build -o /tmp/periscope . && go run ./cmd/loadgen -spawn /tmp/periscope -rooms 1,200 -rate 1 -duration 30s
//
// With -spawn it starts the server itself (on a free loopback port, a
// fresh -db file, -limits=false) and reads its memory from /proc; with
// -addr it uses a running server, which must run with -limits=false
// (-pid gives its process for the memory figures).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"periscope/cmd/loadgen/load"
)

func main() {
	var o options
	flag.StringVar(&o.addr, "addr", "http://127.0.0.1:8080", "a running Periscope server (started with -limits=false); ignored with -spawn")
	flag.IntVar(&o.pid, "pid", 0, "the process id of the -addr server, for its memory and CPU figures")
	flag.StringVar(&o.spawn, "spawn", "", "a built periscope binary to start for each run (go build -o /tmp/periscope .)")
	flag.StringVar(&o.db, "db", filepath.Join(os.TempDir(), "loadgen.db"), "the SQLite file of a spawned server: removed before each run")
	flag.StringVar(&o.rooms, "rooms", "1", "rooms playing at once; a comma-separated list runs each in turn (200,500,1000,2000)")
	flag.Float64Var(&o.rate, "rate", 1, "commands per room per second")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "how long each run measures")
	flag.StringVar(&o.modes, "modes", "turnbased,realtime", "Captain Sonar modes the rooms play, in turn")
	flag.BoolVar(&o.bare, "bare", true, "also replay the recorded frames through the bare broadcast")
	flag.IntVar(&o.capture, "capture", 16, "rooms whose frames are recorded for the bare replay")
	flag.IntVar(&o.rounds, "rounds", 1, "how many times each size runs, Periscope then its bare broadcast; with more than one, a table of every round's CPU ratio and their median follows (the machine's speed drifts between runs, and a ratio is read from adjacent runs)")
	flag.Uint64Var(&o.seed, "seed", 0, "seed of the players' choices (0: random)")
	serveBare := flag.String("serve-bare", "", "internal: serve the bare broadcast of the traces in this file")
	listen := flag.String("listen", "127.0.0.1:0", "internal: the bare server's address")
	flag.StringVar(&o.serverCPUs, "server-cpus", "", "CPU list (0,1 or 0-1) the spawned server and the bare broadcast run on, with GOMAXPROCS set to its size (Linux); empty: anywhere")
	flag.StringVar(&o.toolCPUs, "tool-cpus", "", "CPU list the load tool itself runs on (Linux); empty: anywhere")
	cpuprofile := flag.String("cpuprofile", "", "write the tool's own CPU profile to this file (where its share of the cores goes)")
	flag.StringVar(&o.bareProfile, "bare-cpuprofile", "", "write the bare broadcast's CPU profile to this file (beside a server's own, PERISCOPE_CPUPROFILE, to compare where each spends)")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}

	if *serveBare != "" {
		if err := runBareServer(*serveBare, *listen); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		return
	}
	if o.toolCPUs != "" {
		if err := pinSelf(o.toolCPUs); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(2)
		}
	}
	if os.Getenv("GOGC") == "" {
		// The tool's heap is its phones' views, live for the whole run:
		// collecting it at Go's default pace takes CPU from the server it
		// measures, on the same cores. Memory is cheaper here. (Not the
		// bare server above: it runs with Go's defaults, as Periscope.)
		debug.SetGCPercent(400)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := o.run(ctx, os.Stdout, os.Stderr); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

type options struct {
	addr, spawn, db, rooms, modes string
	serverCPUs, toolCPUs          string
	bareProfile                   string
	pid, capture, rounds          int
	rate                          float64
	duration                      time.Duration
	bare                          bool
	seed                          uint64
}

func (o options) run(ctx context.Context, out, logw io.Writer) error {
	var sizes []int
	for _, s := range strings.Split(o.rooms, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("-rooms: %q is not a number of rooms", s)
		}
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		fmt.Fprintf(out, "\n## %d room(s) x %d seats, %g command(s)/room/s, %v, modes %s\n\n", n, load.Seats, o.rate, o.duration, o.modes)
		if o.serverCPUs != "" || o.toolCPUs != "" {
			fmt.Fprintf(out, "CPUs: servers on %s, the tool on %s (of %d here)\n", orAny(o.serverCPUs), orAny(o.toolCPUs), runtime.NumCPU())
		}
		var pairs [][2]*load.Result
		for round := 1; round <= max(o.rounds, 1); round++ {
			if o.rounds > 1 {
				fmt.Fprintf(out, "\n### round %d of %d\n\n", round, o.rounds)
			}
			fmt.Fprintf(out, "load average before: %s\n", loadavg())
			real, err := o.real(ctx, n, logw)
			if err != nil {
				return err
			}
			results := []*load.Result{real}
			if o.bare {
				bare, err := o.bareRun(ctx, n, real.Traces, logw)
				if err != nil {
					return err
				}
				results = append(results, bare)
				pairs = append(pairs, [2]*load.Result{real, bare})
			}
			fmt.Fprintf(out, "load average after: %s\n\n", loadavg())
			report(out, results)
		}
		if len(pairs) > 1 {
			reportRounds(out, n, pairs)
		}
	}
	return nil
}

// real runs the real matches against a spawned or running server.
func (o options) real(ctx context.Context, rooms int, logw io.Writer) (*load.Result, error) {
	base, pid := o.addr, o.pid
	if o.spawn != "" {
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Remove(o.db + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				return nil, err
			}
		}
		addr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		cmd := exec.Command(o.spawn, "-addr", addr, "-db", o.db, "-qr=false", "-limits=false")
		cmd.Stdout, cmd.Stderr = io.Discard, logw
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // never outlive the tool
		release, err := startPinned(cmd, o.serverCPUs)
		if err != nil {
			return nil, err
		}
		defer release()
		defer stopProcess(cmd)
		base, pid = "http://"+addr, cmd.Process.Pid
	}
	if err := load.WaitHealthy(ctx, base, 30*time.Second); err != nil {
		return nil, err
	}
	return load.Run(ctx, load.Config{Base: base, Rooms: rooms, Rate: o.rate, Duration: o.duration,
		Modes: strings.Split(o.modes, ","), Capture: o.capture, PID: pid, Seed: o.seed, Log: logw})
}

// bareRun replays the traces through the bare server, in a process of its
// own like the real server.
func (o options) bareRun(ctx context.Context, rooms int, traces []*load.Trace, logw io.Writer) (*load.Result, error) {
	if len(traces) == 0 {
		return nil, errors.New("the real run recorded no match to replay")
	}
	f, err := os.CreateTemp("", "loadgen-traces-*.gob")
	if err != nil {
		return nil, err
	}
	f.Close()
	defer os.Remove(f.Name())
	if err := load.WriteTraces(f.Name(), traces); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	args := []string{"-serve-bare", f.Name(), "-listen", addr}
	if o.bareProfile != "" {
		args = append(args, "-cpuprofile", o.bareProfile)
	}
	cmd := exec.Command(self, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, logw
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	release, err := startPinned(cmd, o.serverCPUs)
	if err != nil {
		return nil, err
	}
	defer release()
	defer stopProcess(cmd)
	base := "http://" + addr
	if err := load.WaitHealthy(ctx, base, 30*time.Second); err != nil {
		return nil, err
	}
	return load.RunBare(ctx, load.BareConfig{Base: base, Traces: traces, Rooms: rooms, Rate: o.rate,
		Duration: o.duration, PID: cmd.Process.Pid, Log: logw})
}

func runBareServer(path, addr string) error {
	traces, err := load.ReadTraces(path)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := load.NewBareServer(traces)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		ln.Close()
		pprof.StopCPUProfile() // os.Exit skips main's deferred stop
		os.Exit(0)
	}()
	return srv.Serve(ln)
}

// freeAddr is a loopback address with a free port.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// stopProcess asks a spawned server to stop and kills it after 20 s.
func stopProcess(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

func orAny(list string) string {
	if list == "" {
		return "any CPU"
	}
	return list
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
