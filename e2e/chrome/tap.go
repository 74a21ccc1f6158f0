package chrome

import "fmt"

// A live update may move a page between a test finding an element and the
// finger coming down (a banner appears, a list is redrawn): the tap then
// lands on something else. ArmTap and TapLanded let a harness notice it:
// evaluate ArmTap(sel) just before the click and TapLanded just after. A
// click that does not land on sel is cancelled before the page sees it,
// so the harness can tap again without having done anything it did not
// mean.

// ArmTap is a JavaScript expression that sets a one-shot guard on the
// next click for the element selector sel.
func ArmTap(sel string) string {
	return fmt.Sprintf(`((sel) => {
	if (window.__tapGuard) document.removeEventListener("click", window.__tapGuard, true);
	window.__tapHit = null;
	window.__tapArmed = true;
	window.__tapGuard = (e) => {
		document.removeEventListener("click", window.__tapGuard, true);
		window.__tapGuard = null;
		window.__tapHit = !!(e.target.closest && e.target.closest(sel));
		if (!window.__tapHit) { e.preventDefault(); e.stopImmediatePropagation(); }
	};
	document.addEventListener("click", window.__tapGuard, true);
	return true;
})(%q)`, sel)
}

// TapLanded is a JavaScript expression: whether the armed click landed on
// its element. It takes the guard down either way. A document that was
// never armed is the page the click led to (a link, a form): a click the
// guard cancelled goes nowhere, so that one landed.
const TapLanded = `(() => {
	if (!window.__tapArmed) return true;
	window.__tapArmed = false;
	if (window.__tapGuard) { document.removeEventListener("click", window.__tapGuard, true); window.__tapGuard = null; }
	return window.__tapHit === true;
})()`
