// Package tactics holds the browser test of the Pocket Tactics page
// (static/tactics.html): a real Chromium plays a whole match against the
// bot through the page, tapping units and highlighted targets as a player
// would, on a 360x640 phone screen. The test skips when Chromium is not
// installed at /usr/bin/chromium.
package tactics
