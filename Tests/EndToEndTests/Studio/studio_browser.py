"""Shared helpers of the studio's browser tests: headless Debian Chromium (/usr/bin/chromium) driven by
Playwright for Python, which never downloads a browser of its own. A `Studio` session records every console
error, every Content-Security-Policy violation and the URL of every request the page makes, and `finish()`
fails the script when any request left 127.0.0.1 or any error was seen. Scripts take
`--url http://127.0.0.1:PORT --key KEY --database-url CONNINFO` (see `arguments()`), print what they measured as
JSON lines on standard output, and exit non-zero (with the reason on standard error) when a check fails."""

import argparse
import json
import os
import sys
import tempfile
import time
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("MODELGRAPH_CHROMIUM", "/usr/bin/chromium")


def arguments(description=""):
    """The command line every studio script takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--url", required=True, help="the server, http://127.0.0.1:PORT")
    parser.add_argument("--key", required=True, help="an API key of the server")
    parser.add_argument("--database-url", default="", help="the server's database, to check rows with psql")
    return parser.parse_args()


def report(kind, **fields):
    """Prints one JSON line for the Swift harness (which shows the output when the script fails)."""
    print(json.dumps({"kind": kind, **fields}), flush=True)


class CheckFailed(Exception):
    """A check of a studio script failed."""


def check(condition, message):
    """Fails the script with `message` unless `condition` holds."""
    if not condition:
        raise CheckFailed(message)


def screenshot_dir():
    """Where screenshots go: docs/images when RECORD_SCREENSHOTS=1, a temporary folder otherwise."""
    if os.environ.get("RECORD_SCREENSHOTS") == "1":
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
        folder = os.path.join(root, "docs", "images")
        os.makedirs(folder, exist_ok=True)
        return folder
    return tempfile.mkdtemp(prefix="studio-shots-")


class Studio:
    """A headless Chromium with one page, watched: console errors, page errors, CSP violations, and every
    request's URL. Use as a context manager; `finish()` runs the checks every script shares."""

    def __init__(self, url, viewport=(1280, 800), color_scheme="light", scale=1):
        self.url = url.rstrip("/")
        self.viewport = viewport
        self.scale = scale
        self.color_scheme = color_scheme
        self.console_errors = []
        self.page_errors = []
        self.requests = []
        self.csp_violations = []
        self.failed_responses = []
        self.shots = screenshot_dir()

    def __enter__(self):
        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        self.context = self.browser.new_context(
            viewport={"width": self.viewport[0], "height": self.viewport[1]}, color_scheme=self.color_scheme, service_workers="block",
            device_scale_factor=self.scale
        )
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        # Which request a "Failed to load resource" console error is about (the console message does not say).
        self.page.on("response", lambda response: response.status >= 400 and self.failed_responses.append(f"{response.status} {response.request.method} {response.url}"))
        # WebSockets are requests too: record them, so a socket to another host fails the checks as well.
        self.page.on("websocket", lambda socket: self.requests.append(socket.url))
        return self

    def __exit__(self, *exc):
        self.context.close()
        self.browser.close()
        self._playwright.stop()
        return False

    def _console(self, message):
        if message.type == "error":
            self.console_errors.append(message.text)
            if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
                self.csp_violations.append(message.text)

    def open(self, path="/"):
        """Loads `path` of the server and waits until the network is idle; returns the response."""
        return self.page.goto(self.url + path, wait_until="networkidle")

    def testid(self, name):
        """The locator of the element with `data-testid=name`."""
        return self.page.get_by_test_id(name)

    def screenshot(self, name):
        """Saves the page as `<name>.png` in the screenshot folder; returns its path."""
        path = os.path.join(self.shots, name + ".png")
        self.page.screenshot(path=path)
        return path

    def timing(self):
        """The page's navigation timing and first paint, in milliseconds since navigation started."""
        return self.page.evaluate(
            """() => {
                const navigation = performance.getEntriesByType('navigation')[0];
                const paints = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
                return {
                    firstPaint: paints['first-paint'] ?? null,
                    firstContentfulPaint: paints['first-contentful-paint'] ?? null,
                    domContentLoaded: navigation.domContentLoadedEventEnd,
                    load: navigation.loadEventEnd,
                    transferSize: performance.getEntriesByType('resource').reduce((sum, r) => sum + r.transferSize, navigation.transferSize),
                };
            }"""
        )

    def outside_requests(self):
        """Every recorded request whose host is not 127.0.0.1 (data: and blob: URLs stay in the page)."""
        outside = []
        for url in self.requests:
            parsed = urlparse(url)
            if parsed.scheme in ("data", "blob", "about"):
                continue
            if parsed.hostname != "127.0.0.1":
                outside.append(url)
        return outside

    def finish(self):
        """The checks every script ends with: no request left 127.0.0.1, no CSP violation, no console or page error."""
        check(not self.outside_requests(), f"requests left 127.0.0.1: {self.outside_requests()}")
        check(not self.csp_violations, f"Content-Security-Policy violations: {self.csp_violations}")
        check(not self.page_errors, f"uncaught page errors: {self.page_errors}")
        check(not self.console_errors, f"console errors: {self.console_errors} (failed responses: {self.failed_responses})")
        report("requests", count=len(self.requests))


def run(main):
    """Runs `main()`, turning a failed check or any exception into a non-zero exit with the reason on standard
    error."""
    started = time.monotonic()
    try:
        main()
    except CheckFailed as failure:
        print(f"check failed: {failure}", file=sys.stderr, flush=True)
        sys.exit(1)
    except Exception as error:  # noqa: BLE001 - any failure of the script fails the test, with its reason
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
        sys.exit(2)
    report("elapsed", seconds=round(time.monotonic() - started, 3))
