package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version and commit are stamped by scripts/release.sh
// (-ldflags "-X main.version=v1.2.0 -X main.commit=abc123"). A plain
// go build leaves them empty and versionLine falls back on what the Go
// toolchain records in the binary.
var version, commit string

// versionLine is what -version prints: the tag, the commit, and the Go
// release and platform it was built for, so a host can tell which binary
// a Pi runs when asking for help.
func versionLine() string {
	v, c := version, commit
	modified := false
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "" {
			v = info.Main.Version // "(devel)" for a build in the source tree
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if c == "" {
					c = s.Value
				}
			case "vcs.modified":
				modified = commit == "" && s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	if c == "" {
		c = "unknown"
	}
	if len(c) > 12 {
		c = c[:12]
	}
	if modified {
		c += "+changes"
	}
	return fmt.Sprintf("periscope %s (commit %s, %s, %s/%s)", v, c, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
