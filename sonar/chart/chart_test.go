package chart

import (
	"encoding/json"
	"testing"
)

func TestMapsMatchTheResearch(t *testing.T) {
	tests := []struct {
		name            string
		side            Side
		size, islands   int
		archer, sectors int
	}{
		{"alpha", RealTime, 15, 31, 0, 9},
		{"alpha", TurnBased, 10, 8, 0, 4},
		{"bravo", RealTime, 15, 16, 0, 9},
		{"charlie", RealTime, 15, 11, 0, 9},
		{"echo", RealTime, 15, 20, 12, 9},
		{"echo", TurnBased, 10, 6, 8, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name+"-"+tt.side.String(), func(t *testing.T) {
			m := MustLoad(tt.name, tt.side)
			islands := m.Cells() - len(m.WaterCells())
			if m.Size != tt.size || islands != tt.islands || len(m.ArcherMines()) != tt.archer || m.Sectors() != tt.sectors {
				t.Errorf("size %d islands %d archer %d sectors %d; want %d %d %d %d",
					m.Size, islands, len(m.ArcherMines()), m.Sectors(), tt.size, tt.islands, tt.archer, tt.sectors)
			}
		})
	}
}

func TestAlphaIslands(t *testing.T) {
	m := MustLoad("alpha", RealTime)
	// The 31 island spaces listed in the research notes.
	want := "C2 C3 G2 I3 I4 M2 M3 N2 B7 B8 D7 D8 D9 G7 G8 H9 I7 L9 M9 N9 D11 C12 H12 L12 A13 M13 C14 D15 G14 I14 N14"
	n := 0
	for _, name := range splitFields(want) {
		c, err := m.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Island(c) {
			t.Errorf("%s should be an island", name)
		}
		n++
	}
	if n != 31 {
		t.Fatalf("listed %d islands", n)
	}
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s + " " {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	return out
}

func TestSectors(t *testing.T) {
	rt := MustLoad("alpha", RealTime)
	tb := MustLoad("alpha", TurnBased)
	tests := []struct {
		m    *Map
		cell string
		want int
	}{
		{rt, "A1", 1}, {rt, "E5", 1}, {rt, "F1", 2}, {rt, "O1", 3},
		{rt, "A6", 4}, {rt, "H8", 5}, {rt, "O10", 6},
		{rt, "A11", 7}, {rt, "L14", 9}, {rt, "O15", 9},
		{tb, "A1", 1}, {tb, "F5", 2}, {tb, "E6", 3}, {tb, "J10", 4},
	}
	for _, tt := range tests {
		c, err := tt.m.Parse(tt.cell)
		if err != nil {
			t.Fatal(err)
		}
		if got := tt.m.Sector(c); got != tt.want {
			t.Errorf("%s %s: sector %d, want %d", tt.m.Side, tt.cell, got, tt.want)
		}
	}
}

func TestParseCell(t *testing.T) {
	m := MustLoad("alpha", TurnBased)
	good := map[string]Cell{"A1": {0, 0}, "c6": {2, 5}, " J10 ": {9, 9}}
	for in, want := range good {
		got, err := m.Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "A", "1A", "A0", "A01", "K1", "A11", "A-1", "A+1", "ZZ9", "AA"} {
		if _, err := m.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestCellJSON(t *testing.T) {
	b, err := json.Marshal(map[string]any{"at": Cell{Col: 6, Row: 1}, "dir": West})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"at":"G2","dir":"WEST"}` {
		t.Fatalf("got %s", b)
	}
	var back struct {
		At  Cell
		Dir Dir
	}
	if err := json.Unmarshal([]byte(`{"at":"g2","dir":"w"}`), &back); err != nil || back.At != (Cell{6, 1}) || back.Dir != West {
		t.Fatalf("got %+v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"dir":"up"}`), &back); err == nil {
		t.Fatal("accepted heading up")
	}
}

func TestReachGoesAroundIslands(t *testing.T) {
	m := MustLoad("alpha", RealTime)
	d3, _ := m.Parse("D3")
	g2, _ := m.Parse("G2") // island on Alpha: unreachable even though 4 away
	f2, _ := m.Parse("F2")
	reach := m.Reach(d3, 4)
	if _, ok := reach[g2]; ok {
		t.Error("an island is never in reach")
	}
	if reach[f2] != 3 {
		t.Errorf("F2 at %d, want 3", reach[f2])
	}
	// C3 is an island: B3 is reached around it in 4 steps (D3-D2-... no: D4-C4-B4-B3).
	b3, _ := m.Parse("B3")
	if reach[b3] != 4 {
		t.Errorf("B3 at %d, want 4 (around the island at C3)", reach[b3])
	}
}

func TestChebyshevAndNeighbours(t *testing.T) {
	m := MustLoad("alpha", RealTime)
	b7, _ := m.Parse("B7")
	c6, _ := m.Parse("C6")
	if Chebyshev(b7, c6) != 1 {
		t.Error("C6 is adjacent to B7 (the rulebook's indirect hit)")
	}
	a1, _ := m.Parse("A1")
	if len(m.Neighbours(a1, true)) != 3 || len(m.Neighbours(a1, false)) != 2 {
		t.Error("corner neighbours")
	}
	if len(m.Neighbours(c6, true)) != 8 {
		t.Error("open neighbours")
	}
}

func TestDirs(t *testing.T) {
	for _, d := range Dirs {
		if d.Opposite().Opposite() != d {
			t.Error(d)
		}
		p, err := ParseDir(d.String()[:1])
		if err != nil || p != d {
			t.Error(d, err)
		}
	}
	c := Cell{Col: 3, Row: 3}
	if c.Add(North) != (Cell{3, 2}) || c.Add(East) != (Cell{4, 3}) || c.Add(South) != (Cell{3, 4}) || c.Add(West) != (Cell{2, 3}) {
		t.Error("headings move the wrong way")
	}
	if _, err := ParseSide("sideways"); err == nil {
		t.Error("bad side accepted")
	}
	if _, err := Load("zulu", RealTime); err == nil {
		t.Error("unknown map loaded")
	}
}
