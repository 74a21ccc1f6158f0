// Package e2e holds the browser tests of Periscope: a real server in the
// test process, the embedded pages, and headless Chromium driven with
// chromedp, one tab per phone, tapping the pages as players do.
//
// The tests need /usr/bin/chromium (Debian's package; CI installs it) and
// skip with a message when it is missing. Screenshots of every page at
// 360x640 are written to a temporary directory named in the test log.
package e2e
