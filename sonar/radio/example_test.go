package radio_test

import (
	"fmt"

	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

func Example() {
	m := chart.MustLoad("alpha", chart.RealTime)
	tr, err := radio.New(m, radio.Options{})
	if err != nil {
		panic(err)
	}
	for _, o := range []radio.Observation{
		{Kind: radio.Drone, Sector: 1, Yes: true},
		{Kind: radio.Course, Dir: chart.North},
		{Kind: radio.Sonar, Facts: [2]radio.Fact{{Type: radio.Row, Value: 1}, {Type: radio.Column, Value: 3}}},
		{Kind: radio.Course, Dir: chart.West},
		{Kind: radio.Hit, Cell: chart.Cell{Col: 3, Row: 1}, Result: radio.Indirect},
	} {
		if err := tr.Observe(o); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-36s %3d cells, sectors %v\n", o, len(tr.Cells()), tr.Sectors())
	}
	fmt.Println(tr.Cells(), tr.Exact())

	// An announcement no position explains is refused and changes nothing.
	fmt.Println(tr.Observe(radio.Observation{Kind: radio.Course, Dir: chart.North}))
	// Output:
	// DRONE: SECTOR 1? YES                  23 cells, sectors [1]
	// HEAD NORTH                            17 cells, sectors [1]
	// SONAR: ROW 1 / COLUMN C                5 cells, sectors [1]
	// HEAD WEST                              4 cells, sectors [1]
	// OUR IMPACT AT D2: INDIRECT HIT         2 cells, sectors [1]
	// [C1 D1] true
	// inconsistent: HEAD NORTH: from every possible position (2 cells) it would leave the map, run onto an island, cross its own route or sail onto its own mine
}
