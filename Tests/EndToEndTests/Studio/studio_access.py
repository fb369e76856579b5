"""The studio by keyboard alone, at 200 % zoom and in the dark scheme, and where it keeps the API key: Tab reaches
the key field and the editor, an operation typed there runs with Ctrl+Enter; the key is kept in localStorage only
when "remember" is ticked; at 200 % (a 1280 x 800 window's CSS pixels halved) nothing scrolls sideways and the run
button, editor and result stay on screen; the dark scheme is dark."""

from studio_browser import Studio, arguments, check, report, run
from studio_ui import wait_until


def focused_testid(page):
    """The data-testid of the focused element (or of the nearest ancestor that has one)."""
    return page.evaluate("() => document.activeElement?.closest('[data-testid]')?.dataset.testid ?? null")


def tab_to(page, testid, limit=60):
    """Presses Tab until the element `testid` has the focus; fails after `limit` presses."""
    for _ in range(limit):
        if focused_testid(page) == testid:
            return
        page.keyboard.press("Tab")
    check(False, f"Tab never reached [data-testid={testid}]")


def keyboard(args):
    """Key, query and run with the keyboard alone; the key is not stored unless asked."""
    with Studio(args.url) as studio:
        page = studio.page
        studio.open("/")
        tab_to(page, "api-key")
        page.keyboard.type(args.key)
        page.keyboard.press("Tab")
        page.wait_for_selector("[data-testid=explorer-field]", timeout=20000)
        check(args.key not in str(page.evaluate("() => JSON.stringify(localStorage)")), "the key was stored without 'remember'")
        tab_to(page, "editor")
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        page.keyboard.type("{ listBlogs { items { id name } } }")
        page.keyboard.press("Control+Enter")
        text = wait_until(
            page, "() => { const t = document.querySelector('[data-testid=result]')?.textContent ?? ''; return t.includes('listBlogs') && t }", what="a result")
        check('"items"' in text, f"the result: {text[:300]}")
        page.reload(wait_until="networkidle")
        check(page.input_value("[data-testid=api-key]") == "", "the key came back after a reload without 'remember'")
        # With "remember" the key is kept, and filled in again after a reload.
        page.fill("[data-testid=api-key]", args.key)
        page.check("[data-testid=remember]")
        page.press("[data-testid=api-key]", "Tab")
        page.wait_for_selector("[data-testid=explorer-field]", timeout=20000)
        check(args.key in str(page.evaluate("() => JSON.stringify(localStorage)")), "'remember' did not keep the key")
        page.reload(wait_until="networkidle")
        check(page.input_value("[data-testid=api-key]") == args.key, "the remembered key was not filled in again")
        studio.finish()
        report("keyboard", ok=True)


def zoomed(args):
    """At 200 %: no sideways scrolling, the main controls on screen."""
    with Studio(args.url, viewport=(640, 400), scale=2) as studio:
        page = studio.page
        studio.open("/")
        page.fill("[data-testid=api-key]", args.key)
        page.press("[data-testid=api-key]", "Tab")
        page.wait_for_selector("[data-testid=explorer-field]", timeout=20000)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(overflow <= 1, f"at 200 % the page scrolls sideways by {overflow} CSS pixels")
        for testid in ["run", "editor", "result", "api-key"]:
            box = page.locator(f"[data-testid={testid}]").first.bounding_box()
            check(box is not None, f"[data-testid={testid}] is not shown at 200 %")
            check(box["x"] >= 0 and box["x"] + min(box["width"], 40) <= 640, f"[data-testid={testid}] is off screen at 200 %: {box}")
        studio.screenshot("studio-zoom-200")
        studio.finish()
        report("zoom", overflow=overflow)


def dark(args):
    """The dark scheme: a dark background behind light text."""
    with Studio(args.url, color_scheme="dark") as studio:
        studio.open("/")
        colours = studio.page.evaluate(
            """() => {
                const luminance = (c) => { const [r, g, b] = c.match(/[\\d.]+/g).map(Number); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
                const body = getComputedStyle(document.body);
                return { background: luminance(body.backgroundColor), text: luminance(body.color), raw: body.backgroundColor };
            }"""
        )
        check(colours["background"] < 90 and colours["text"] > colours["background"] + 90, f"the dark scheme is not dark: {colours}")
        studio.finish()
        report("dark", **colours)


def main():
    args = arguments(__doc__)
    keyboard(args)
    zoomed(args)
    dark(args)


if __name__ == "__main__":
    run(main)
