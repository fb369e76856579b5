"""Steps the Studio UI scenarios share: enter the key and wait for the schema, run the editor and read the result,
wait for the data browser's table, query PostgreSQL with psql.

The browser itself (headless Chromium, console errors, requests that leave 127.0.0.1, screenshots) comes from
studio_browser.py; this module only knows the page's data-testids."""

import json
import subprocess
import time


from studio_browser import CheckFailed, Studio, arguments, check, report, run  # noqa: F401 - check is re-exported


def wait_until(page, expression, arg=None, timeout=60.0, what='the page'):
    """Polls a JavaScript function of one argument until it returns a truthy value (the page's CSP forbids
    Playwright's own wait_for_function, which evaluates a string in the page); returns that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise CheckFailed(f'timed out waiting for {what}')
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
        raise CheckFailed(f'psql failed: {out.stderr.strip()}')
    return [line.split('\t') for line in out.stdout.splitlines() if line]


def run_scenario(scenario, description=''):
    """Parses the harness's arguments, opens the page in a watched headless Chromium (studio_browser.Studio) and
    runs `scenario(page, args, shot)`, then the checks every script shares (no request off 127.0.0.1, no CSP
    violation, no console or page error). `shot(name)` saves the page as studio-<name>.png in the screenshot folder
    (docs/images with RECORD_SCREENSHOTS=1)."""
    args = arguments(description)

    def main():
        with Studio(args.url, viewport=(1400, 900)) as studio:
            studio.page.set_default_timeout(60000)
            studio.open('/')
            def shot(name):
                # Let the explorer's redraw after the last keystroke (150 ms) happen first.
                studio.page.wait_for_timeout(300)
                report('screenshot', path=studio.screenshot(f'studio-{name}'))
            scenario(studio.page, args, shot)
            studio.finish()
    run(main)
