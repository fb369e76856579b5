"""Studio plan scenario: for the operation in the editor the plan pane shows one SQL statement per root field with
its parameters, and EXPLAIN (ANALYZE, BUFFERS) on request; on a server whose /studio/config.json says plans are
off, the pane says so instead. Prints {"kind": "plan", "plans": bool} so the test knows which it saw."""

from studio_ui import check, enter_key, report, set_editor, run_scenario, wait_until


def scenario(page, args, shot):
    enter_key(page, args.key)
    set_editor(page, 'query Posts($n: Int) {\n  listPosts(limit: $n, filter: {rating: {gt: 2}}) {\n    items { id title blog { name } }\n  }\n  countBlogs\n}\n')
    page.fill('[data-testid=variables]', '{"n": 7}')
    page.click('[data-testid=plan-tab]')
    plans = page.evaluate("fetch('/studio/config.json').then(r => r.json()).then(c => c.plans)")
    report('plan', plans=plans)
    if not plans:
        message = page.wait_for_selector('[data-testid=plan-disabled]').inner_text()
        check('plans' in message.lower(), f'the pane says {message!r}')
        return
    wait_until(page, "() => document.querySelectorAll('[data-testid=plan-field]').length === 2", what='two planned root fields')
    headings = page.eval_on_selector_all('[data-testid=plan-field] h3', 'els => els.map(e => e.textContent)')
    check(headings[0].startswith('listPosts') and headings[1].startswith('countBlogs'), f'plan headings: {headings}')
    sql = page.inner_text('[data-testid=plan-field] [data-testid=plan-sql]')
    check('SELECT' in sql.upper() and '"Post"' in sql, f'the listPosts statement is {sql!r}')
    check(page.query_selector('[data-testid=plan-sql] .tok-keyword') is not None, 'the SQL is not highlighted')
    parameters = page.inner_text('[data-testid=plan-field] .plan-parameters')
    check('2' in parameters, f'the parameters are {parameters!r}')
    page.click('[data-testid=explain]')
    explain = page.wait_for_selector('[data-testid=plan-explain]').inner_text()
    check('actual' in explain and 'Buffers' in explain or 'Execution Time' in explain, f'EXPLAIN shows {explain[:300]!r}')
    shot('plan')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
