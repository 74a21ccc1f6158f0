// Package chrome starts Debian's headless Chromium the way Periscope's
// browser tests need it, and opens tabs that behave as separate phones.
package chrome

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Path is where Debian's chromium package installs the browser.
const Path = "/usr/bin/chromium"

// SkipEnv names the environment variable that, set to 1, lets the browser
// tests skip on a machine without Chromium instead of failing.
const SkipEnv = "PERISCOPE_SKIP_BROWSER"

// Missing says why the browser tests cannot run, or "" when Chromium is
// installed. The reason says how to install it.
func Missing() string {
	return missing(Path)
}

// missing is Missing for a browser at path (the test points it elsewhere).
func missing(path string) string {
	if _, err := os.Stat(path); err != nil {
		return "Chromium is not installed (" + path + "), so the browser tests cannot run. " +
			"Install it with: sudo apt-get install -y chromium (Debian, Ubuntu, Raspberry Pi OS); " +
			"or run the tests with " + SkipEnv + "=1 to skip them"
	}
	return ""
}

// Skip ends a browser test that cannot run for why (Missing's reason).
// A skip is silent in `go test ./...`, so without Chromium the test fails
// and says why, unless SkipEnv=1 asks for the skip.
func Skip(t testing.TB, why string) {
	t.Helper()
	if os.Getenv(SkipEnv) == "1" {
		t.Skip("browser test skipped: " + why)
	}
	t.Fatal(why)
}

// Start launches one headless Chromium with a window of w x h. The flags
// keep it off the network (this machine has none but loopback) and stop it
// from throttling tabs in the background: every tab is a phone in use.
func Start(parent context.Context, w, h int) (context.Context, context.CancelFunc, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.WindowSize(w, h),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancelBrowser := chromedp.NewContext(alloc)
	cancel := func() { cancelBrowser(); cancelAlloc() }
	if err := chromedp.Run(ctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("chromium does not start: %w", err)
	}
	return ctx, cancel, nil
}

// NewTab opens a tab in a browser context of its own, so its storage (the
// seat token) is not shared: a separate phone. chromedp's
// WithNewBrowserContext opens no window for it, which headless Chromium
// refuses, so the tab is made here.
func NewTab(browser context.Context) (context.Context, context.CancelFunc, error) {
	var id target.ID
	var bc cdp.BrowserContextID
	err := chromedp.Run(browser, chromedp.ActionFunc(func(ctx context.Context) error {
		b := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		var err error
		if bc, err = target.CreateBrowserContext().Do(b); err != nil {
			return err
		}
		id, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(b)
		return err
	}))
	if err != nil {
		return nil, nil, fmt.Errorf("new tab: %w", err)
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithTargetID(id))
	return ctx, func() {
		cancel()
		_ = chromedp.Run(browser, chromedp.ActionFunc(func(ctx context.Context) error {
			return target.DisposeBrowserContext(bc).Do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
		}))
	}, nil
}
