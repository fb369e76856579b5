"""Steps the Studio UI scenarios share: open the page with the key entered, wait for the schema, run the editor,
wait for the data browser's table, query PostgreSQL with psql, fail with a message.

The browser itself (headless Chromium, console errors, requests that leave 127.0.0.1, screenshots) comes from
studio_browser.py; this module only knows the page's data-testids."""

import json
import subprocess
import sys
import time


class ScenarioFailure(Exception):
    """A check of a scenario failed; the message says which and what was seen."""


def check(condition, message):
    """Fails the scenario with `message` unless `condition` holds."""
    if not condition:
        raise ScenarioFailure(message)


def wait_until(page, expression, arg=None, timeout=20.0, what='the page'):
    """Polls a JavaScript function of one argument until it returns a truthy value (the page's CSP forbids
    Playwright's own wait_for_function, which evaluates a string in the page); returns that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise ScenarioFailure(f'timed out waiting for {what}')
        time.sleep(0.05)


def enter_key(page, key):
    """Types the API key into its field and waits until the explorer shows the schema."""
    page.fill('[data-testid=api-key]', key)
    page.press('[data-testid=api-key]', 'Tab')
    page.wait_for_selector('[data-testid=explorer-field]', timeout=20000)


def editor_text(page):
    """The query editor's text."""
    return page.input_value('[data-testid=editor]')


def set_editor(page, text):
    """Replaces the editor's text as if typed over."""
    page.fill('[data-testid=editor]', text)


def run_and_read(page):
    """Runs the current operation (Ctrl+Enter in the editor) and returns the parsed result pane."""
    page.evaluate("document.querySelector('[data-testid=result]').textContent = ''")
    page.focus('[data-testid=editor]')
    page.keyboard.press('Control+Enter')
    wait_until(page, "() => { try { JSON.parse(document.querySelector('[data-testid=result]').textContent); return true } catch { return false } }", what='a result')
    return json.loads(page.inner_text('[data-testid=result]'))


def records_render(page):
    """The data browser table's render counter (0 when no table is shown)."""
    value = page.evaluate("document.querySelector('[data-testid=records]')?.dataset.render ?? '0'")
    return int(value)


def wait_for_records(page, model, after):
    """Waits until the data browser shows a loaded table of `model` drawn after render number `after`."""
    wait_until(page,
               "([model, after]) => { const t = document.querySelector('[data-testid=records]');"
               " return t && t.dataset.model === model && t.dataset.state === 'loaded' && Number(t.dataset.render) > after }",
               [model, after], what=f'the {model} table')


def column(page, field):
    """The texts of one column of the data browser's table, top to bottom."""
    return [c.inner_text() for c in page.query_selector_all(f'[data-testid=records] tbody td[data-field="{field}"]')]


def psql(database_url, sql):
    """Runs one SQL query with psql and returns its rows as lists of strings (unaligned, tab-separated)."""
    out = subprocess.run(['psql', database_url, '-X', '-A', '-t', '-F', '\t', '-c', sql], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise ScenarioFailure(f'psql failed: {out.stderr.strip()}')
    return [line.split('\t') for line in out.stdout.splitlines() if line]


def fail(message):
    """Prints a failure and exits with status 1 (the Swift test shows the output)."""
    print(f'FAIL: {message}', file=sys.stderr)
    sys.exit(1)


def run_scenario(scenario):
    """Parses the harness's arguments, opens the page in headless Chromium and runs `scenario(page, args, shot)`;
    fails on a scenario failure, a console error, an uncaught page error or a request that leaves 127.0.0.1.
    `shot(name)` saves a screenshot of the page as studio-<name>.png in the screenshot folder."""
    import argparse
    import os
    from urllib.parse import urlparse
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument('--url', required=True)
    parser.add_argument('--key', required=True)
    parser.add_argument('--database-url', default='')
    parser.add_argument('--screenshots', default=os.environ.get('STUDIO_SCREENSHOTS', ''))
    args, _ = parser.parse_known_args()
    problems = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get('CHROMIUM', '/usr/bin/chromium'), args=['--no-sandbox'])
        page = browser.new_page(viewport={'width': 1400, 'height': 900})
        page.set_default_timeout(20000)
        page.on('console', lambda m: problems.append(f'console {m.type}: {m.text}') if m.type == 'error' else None)
        page.on('pageerror', lambda e: problems.append(f'page error: {e}'))

        def request(r):
            host = urlparse(r.url).hostname
            if r.url.startswith('data:'):
                return
            if host != '127.0.0.1':
                problems.append(f'request left 127.0.0.1: {r.url}')
        page.on('request', request)

        def shot(name):
            if args.screenshots:
                os.makedirs(args.screenshots, exist_ok=True)
                page.screenshot(path=os.path.join(args.screenshots, f'studio-{name}.png'))
        try:
            page.goto(args.url)
            scenario(page, args, shot)
        except ScenarioFailure as e:
            problems.insert(0, str(e))
        finally:
            browser.close()
    if problems:
        fail('\n'.join(problems))
    print('ok')
