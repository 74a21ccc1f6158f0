package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"periscope/cmd/loadgen/load"
)

// report prints the runs side by side as markdown tables.
func report(w io.Writer, rs []*load.Result) {
	fmt.Fprintln(w, "| variant | cmds sent | applied | refused | matches ended | p50 | p99 | max | frames/update | JSON B/frame | wire B/frame | B/seat/version | server CPU/cmd | server CPU | tool CPU |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		refused := 0
		for _, n := range r.Refused {
			refused += n
		}
		sec := r.Duration.Seconds()
		cpuPer := "n/a"
		if r.Accepted > 0 && r.Server.PID > 0 {
			cpuPer = fmt.Sprintf("%.0f µs", float64(r.Server.CPU.Microseconds())/float64(r.Accepted))
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %s | %s | %s | %.2f | %.0f | %.0f | %.0f | %s | %.0f%% | %.0f%% |\n",
			r.Variant, r.Sent, r.Accepted, refused, r.Matches, ms(r.Latency.P50), ms(r.Latency.P99), ms(r.Latency.Max),
			r.FramesPerUpdate, r.All.Payload, r.All.Wire, r.All.PerSeat, cpuPer,
			100*r.Server.CPU.Seconds()/sec, 100*r.ToolCPU.Seconds()/sec)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "| versions |")
	for _, r := range rs {
		fmt.Fprintf(w, " %s: versions | frames | JSON B/frame | B/seat/version | p50 | p99 |", r.Variant)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "|---|")
	for range rs {
		fmt.Fprint(w, "---|---|---|---|---|---|")
	}
	fmt.Fprintln(w)
	for b := range load.Buckets {
		fmt.Fprintf(w, "| %s |", load.BucketName(b))
		for _, r := range rs {
			k := r.Buckets[b]
			fmt.Fprintf(w, " %d | %d | %.0f | %.0f | %s | %s |", k.Versions, k.Frames, k.Payload, k.PerSeat, ms(k.Latency.P50), ms(k.Latency.P99))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| variant | welcomes | welcome mean | welcome max | lobby frames | RSS idle | RSS set up | RSS peak | RSS end | per room | threads |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		p := r.Server
		fmt.Fprintf(w, "| %s | %d | %d B | %d B | %d | %s | %s | %s | %s | %s | %d |\n", r.Variant, r.Welcome.N, r.Welcome.Mean, r.Welcome.Max,
			r.LobbyFrames, mib(p.RSSIdle), mib(p.RSSSetup), mib(p.RSSPeak), mib(p.RSSEnd), kib(p.PerRoom(r.Rooms)), p.Threads)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| variant | allocated/cmd | GC cycles/s | GC CPU/cmd | GC share of server CPU | live heap idle | live heap end | live heap per room |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		g := r.GC
		if g.LiveEnd == 0 || r.Accepted == 0 {
			fmt.Fprintf(w, "| %s | n/a (no /metrics) | | | | | | |\n", r.Variant)
			continue
		}
		share := "n/a"
		if r.Server.CPU > 0 {
			share = fmt.Sprintf("%.0f%%", 100*g.CPU.Seconds()/r.Server.CPU.Seconds())
		}
		idle, end, per := mib(int64(g.LiveIdle)), mib(int64(g.LiveEnd)), kib(int64(g.PerRoom(r.Rooms)))
		if g.Cycles == 0 {
			// The live heap is what the last cycle marked: none ran here.
			idle, end, per = "no cycle ran", "", ""
		}
		fmt.Fprintf(w, "| %s | %.1f KB | %.2f | %.0f µs | %s | %s | %s | %s |\n", r.Variant,
			g.Alloc/float64(r.Accepted)/1000, g.Cycles/r.Duration.Seconds(),
			float64(g.CPU.Microseconds())/float64(r.Accepted), share, idle, end, per)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memory per room | RSS | live heap | garbage | heap free | heap unused | stacks | other runtime | outside Go | goroutines |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		m, ok := r.GC.MemPerRoom(r.Rooms, r.Server)
		if !ok {
			fmt.Fprintf(w, "| %s | n/a (no memory classes on /metrics) | | | | | | | | |\n", r.Variant)
			continue
		}
		k := func(b float64) string { return fmt.Sprintf("%.0f KiB", b/(1<<10)) }
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |\n", r.Variant, k(m.RSS), k(m.Live), k(m.Garbage),
			k(m.Free), k(m.Unused), k(m.Stacks), k(m.Other), k(m.Outside), m.Goroutines)
	}
	fmt.Fprintln(w)
	for _, r := range rs {
		if s := r.TopRefusals(6); s != "" {
			fmt.Fprintf(w, "%s refusals: %s\n", r.Variant, s)
		}
		if r.Skipped > 0 {
			fmt.Fprintf(w, "%s ticks with no order to give: %d\n", r.Variant, r.Skipped)
		}
		if r.Silent > 0 {
			fmt.Fprintf(w, "%s command versions no seat got a frame of: %d\n", r.Variant, r.Silent)
		}
		if r.Matches > 0 {
			fmt.Fprintf(w, "%s: %d rooms reopened in the window (a match ended, or the bare replay ran out of its recording): their old phones linger 2 s, so its memory per room counts some rooms twice\n", r.Variant, r.Matches)
		}
		if r.Lost > 0 {
			fmt.Fprintf(w, "%s WARNING: %d rooms replaced because a phone's connection ended\n", r.Variant, r.Lost)
		}
		if r.Mismatch > 0 {
			fmt.Fprintf(w, "%s WARNING: %d messages not matched with their frame size\n", r.Variant, r.Mismatch)
		}
	}
}

func ms(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
}

func mib(b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

func kib(b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f KiB", float64(b)/(1<<10))
}

// cpuPerCmd is a run's server CPU per applied command; 0 when unknown.
func cpuPerCmd(r *load.Result) time.Duration {
	if r.Accepted == 0 || r.Server.PID == 0 {
		return 0
	}
	return r.Server.CPU / time.Duration(r.Accepted)
}

// reportRounds is the CPU ratio of each round (Periscope's run and the
// bare broadcast's right after it) and their median: drift between runs
// moves both servers' figures by as much as a fifth, so a ratio is read
// from adjacent runs, and the median of several does not hang on one.
func reportRounds(w io.Writer, rooms int, pairs [][2]*load.Result) {
	fmt.Fprintf(w, "\n### %d rooms: server CPU per command, round by round\n\n", rooms)
	fmt.Fprintln(w, "| round | periscope | bare | ratio |")
	fmt.Fprintln(w, "|---|---|---|---|")
	var ratios []float64
	for i, p := range pairs {
		real, bare := cpuPerCmd(p[0]), cpuPerCmd(p[1])
		ratio := "n/a"
		if real > 0 && bare > 0 {
			x := float64(real) / float64(bare)
			ratios = append(ratios, x)
			ratio = fmt.Sprintf("%.2fx", x)
		}
		fmt.Fprintf(w, "| %d | %.0f µs | %.0f µs | %s |\n", i+1, float64(real.Microseconds()), float64(bare.Microseconds()), ratio)
	}
	if len(ratios) > 0 {
		fmt.Fprintf(w, "\nmedian ratio of %d rounds: **%.2fx** (lowest %.2fx, highest %.2fx)\n", len(ratios), median(ratios), slices.Min(ratios), slices.Max(ratios))
	}
}

// median of xs (not empty); the mean of the middle two for an even count.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
