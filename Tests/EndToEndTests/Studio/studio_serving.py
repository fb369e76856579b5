"""The studio from a fresh serve: the page loads with no console error, no CSP violation and no request that
leaves 127.0.0.1; its first paint and load on loopback are measured and reported, and held under 10 s only: the
suite runs this beside every other test on the same cores, where a load of 2.4 s has been seen, so the bound
catches a page that hangs, not one that is slow (the 300 ms goal is measured on a quiet machine); the bytes the page loads stay under 250 KB; a script the page
did not ship is refused by the CSP."""

from studio_browser import Studio, arguments, check, report, run


def main():
    args = arguments(__doc__)
    with Studio(args.url) as studio:
        response = studio.open("/")
        check(response is not None and response.status == 200, f"GET / answered {response.status if response else None}")
        csp = response.headers.get("content-security-policy", "")
        check("script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp, f"CSP: {csp}")
        timing = studio.timing()
        report("timing", **timing)
        paint = timing["firstContentfulPaint"] or timing["firstPaint"]
        check(paint is not None, f"no first paint recorded: {timing}")
        check(paint < 10000, f"first paint took {paint} ms")
        check(timing["load"] < 10000, f"load took {timing['load']} ms")
        check(timing["transferSize"] < 250 * 1024, f"the page loaded {timing['transferSize']} bytes")
        studio.finish()
        # The CSP is in force: an inline script the page did not ship does not run, and the browser says why.
        studio.page.evaluate(
            """() => { const s = document.createElement('script'); s.textContent = 'window.__injected = true'; document.head.appendChild(s); }"""
        )
        studio.page.wait_for_timeout(200)
        check(studio.page.evaluate("() => window.__injected === undefined"), "an inline script ran despite the CSP")
        check(studio.csp_violations, "the browser reported no CSP violation for an inline script")
        # `GET /graphql` from a browser is the page too.
        again = studio.page.goto(args.url + "/graphql", wait_until="networkidle")
        check(again.status == 200 and "text/html" in again.headers.get("content-type", ""), f"GET /graphql as a browser: {again.status}")


if __name__ == "__main__":
    run(main)
