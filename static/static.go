package static

import (
	"embed"
	"io/fs"
)

//go:embed *.html *.webmanifest sw.js css js img
var files embed.FS

// FS holds the pages with index.html at its root, ready for server.Config.Static.
var FS fs.FS = files
