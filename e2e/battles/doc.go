// Package battles holds the browser test of the Pocket Battles page
// (static/battles.html): a real Chromium plays a whole battle against the
// bot through the page, army building included, on a 360x740 phone
// screen. The test skips when Chromium is not installed at /usr/bin/chromium.
package battles
