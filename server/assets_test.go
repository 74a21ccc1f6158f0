package server_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"periscope/server"
	"periscope/static"
)

// raw fetches without Go's transparent gzip, so the bytes counted are the
// bytes on the wire. headers are name, value pairs.
func raw(t *testing.T, target string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", target, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	hc := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// decoded undoes the response's Content-Encoding.
func decoded(t *testing.T, resp *http.Response, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc := resp.Header.Get("Content-Encoding"); enc {
	case "":
		return body
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	default:
		t.Fatalf("unexpected Content-Encoding %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s body does not decode: %v", resp.Header.Get("Content-Encoding"), err)
	}
	return out
}

var (
	htmlRefs = regexp.MustCompile(`<(?:script|link|img)\b[^>]*?\b(?:src|href)="([^"]+)"`)
	// Static and dynamic ES module imports, re-exports included; specifiers
	// may follow a multi-line import list.
	jsRefs  = regexp.MustCompile(`(?s)(?:\bimport|\bexport)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)`)
	cssRefs = regexp.MustCompile(`url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']`)
)

// refs lists what a file makes the browser load, resolved against its URL.
func refs(base *url.URL, contentType string, body []byte) []string {
	var re *regexp.Regexp
	switch {
	case strings.HasPrefix(contentType, "text/html"):
		re = htmlRefs
	case strings.Contains(contentType, "javascript"):
		re = jsRefs
	case strings.HasPrefix(contentType, "text/css"):
		re = cssRefs
	default:
		return nil
	}
	var out []string
	for _, m := range re.FindAllSubmatch(body, -1) {
		for _, g := range m[1:] {
			if len(g) == 0 || bytes.HasPrefix(g, []byte("data:")) {
				continue
			}
			u, err := base.Parse(string(g))
			if err == nil && u.Host == base.Host {
				out = append(out, u.String())
			}
		}
	}
	return out
}

type pageLoad struct {
	files        []string
	plain, wired int
}

// load fetches a page and everything it pulls in, transitively, the way a
// phone with an empty cache does, with acceptEncoding; it counts the bodies
// as sent and as decoded.
func load(t *testing.T, page, acceptEncoding string) pageLoad {
	t.Helper()
	var pl pageLoad
	seen := map[string]bool{page: true}
	queue := []string{page}
	for len(queue) > 0 {
		target := queue[0]
		queue = queue[1:]
		resp, body := raw(t, target, "Accept-Encoding", acceptEncoding)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", target, resp.StatusCode)
		}
		plain := decoded(t, resp, body)
		u, _ := url.Parse(target)
		pl.files = append(pl.files, u.Path)
		pl.plain += len(plain)
		pl.wired += len(body)
		for _, r := range refs(u, resp.Header.Get("Content-Type"), plain) {
			if !seen[r] {
				seen[r] = true
				queue = append(queue, r)
			}
		}
	}
	sort.Strings(pl.files)
	return pl
}

// pages are the HTML files at the root of the embedded pages.
func pages(t *testing.T) []string {
	names, err := fs.Glob(static.FS, "*.html")
	if err != nil || len(names) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	return names
}

func TestFirstLoadOfEveryPageIsUnder100KB(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.Static = static.FS })
	const budget = 100_000
	var report strings.Builder
	fmt.Fprintf(&report, "\n| page | files | plain | gzip | brotli |\n|---|---|---|---|---|\n")
	for _, name := range pages(t) {
		page := e.base + "/" + name
		br := load(t, page, "gzip, deflate, br, zstd") // what Chrome on Android sends
		gz := load(t, page, "gzip")
		if len(br.files) < 3 {
			t.Fatalf("%s loads only %v: the import scan found nothing", name, br.files)
		}
		if br.wired > budget || gz.wired > budget {
			t.Errorf("%s: first load is %d B brotli, %d B gzip; the budget is %d B", name, br.wired, gz.wired, budget)
		}
		if br.wired >= br.plain || gz.wired >= gz.plain {
			t.Errorf("%s: nothing compressed (%d B plain, %d B br, %d B gzip)", name, br.plain, br.wired, gz.wired)
		}
		fmt.Fprintf(&report, "| %s | %d | %.1f KB | %.1f KB | %.1f KB |\n", name, len(br.files), float64(br.plain)/1000, float64(gz.wired)/1000, float64(br.wired)/1000)
		t.Logf("%s: %s", name, strings.Join(br.files, " "))
	}
	t.Log(report.String())
}

func TestStaticFilesAreCompressedAndValidated(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.Static = static.FS })
	code, _, _ := e.table(t, nil, 1)
	for _, tc := range []struct {
		path, cacheControl string
	}{
		{"/", "no-cache"},
		{"/index.html", "no-cache"},
		{"/sonar.html", "no-cache"},
		{"/join/" + code, "no-cache"},
		{"/table/" + code, "no-cache"},
		{"/js/room.js", "public, max-age=300"},
		{"/css/app.css", "public, max-age=300"},
		{"/img/icon.svg", "public, max-age=300"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			plainResp, plain := raw(t, e.base+tc.path)
			if plainResp.StatusCode != 200 || plainResp.Header.Get("Content-Encoding") != "" {
				t.Fatalf("identity: %d %q", plainResp.StatusCode, plainResp.Header.Get("Content-Encoding"))
			}
			tag := plainResp.Header.Get("ETag")
			if !strings.HasPrefix(tag, `W/"`) {
				t.Fatalf("ETag %q, want a weak tag", tag)
			}
			if got := plainResp.Header.Get("Cache-Control"); got != tc.cacheControl {
				t.Errorf("Cache-Control %q, want %q", got, tc.cacheControl)
			}
			for _, enc := range []string{"br", "gzip"} {
				resp, body := raw(t, e.base+tc.path, "Accept-Encoding", enc)
				if resp.Header.Get("Content-Encoding") != enc || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
					t.Fatalf("%s: Content-Encoding %q, Vary %q", enc, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
				}
				if got := decoded(t, resp, body); !bytes.Equal(got, plain) {
					t.Fatalf("%s body differs from the plain one", enc)
				}
				if len(body) >= len(plain) {
					t.Errorf("%s: %d B for %d B plain", enc, len(body), len(plain))
				}
				if resp.Header.Get("ETag") != tag {
					t.Errorf("%s: ETag %q, plain %q: one tag for one content", enc, resp.Header.Get("ETag"), tag)
				}
				// A phone that has it asks again: 304, no body, any encoding.
				again, body := raw(t, e.base+tc.path, "Accept-Encoding", enc, "If-None-Match", tag)
				if again.StatusCode != http.StatusNotModified || len(body) != 0 {
					t.Fatalf("%s revalidation: %d with %d B", enc, again.StatusCode, len(body))
				}
			}
			stale, _ := raw(t, e.base+tc.path, "If-None-Match", `W/"1-1"`)
			if stale.StatusCode != 200 {
				t.Fatalf("a stale tag got %d", stale.StatusCode)
			}
		})
	}
	// API answers are compressed too, and never cached like pages.
	resp, body := raw(t, e.base+"/api/rooms/"+code, "Accept-Encoding", "br")
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "" || resp.Header.Get("ETag") != "" {
		t.Fatalf("lobby: %d, Cache-Control %q, ETag %q", resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("ETag"))
	}
	if got := decoded(t, resp, body); !bytes.Contains(got, []byte(`"code":"`+code+`"`)) {
		t.Fatalf("lobby body %q", got)
	}
}

// A browser's own request for /favicon.ico gets the app's icon, not a 404.
func TestFaviconIsTheAppIcon(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.Static = static.FS })
	resp, body := raw(t, e.base+"/favicon.ico")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(body, []byte("\x89PNG")) {
		t.Fatalf("/favicon.ico: %d %q, %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
	}
}
