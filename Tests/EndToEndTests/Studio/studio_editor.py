"""Studio editor scenario: enter the key, type a query accepting completions from the popup (keyboard only), run
it with Ctrl+Enter and read the result; a server validation error is marked at its line and column; variables
are checked against the operation's types; several operations get a picker; prettify; a share link reopens the
query."""

from studio_ui import check, enter_key, editor_text, set_editor, run_and_read, run_scenario


def scenario(page, args, shot):
    enter_key(page, args.key)
    editor = '[data-testid=editor]'
    # The key is kept in localStorage only when "remember" is ticked.
    stored = "localStorage.getItem('modelgraph.studio.apiKey')"
    check(page.evaluate(stored) is None, 'the key was stored without "remember"')
    page.check('[data-testid=remember]')
    check(page.evaluate(stored) == args.key, 'the key was not stored with "remember"')
    page.uncheck('[data-testid=remember]')
    check(page.evaluate(stored) is None, 'the key stayed stored after unticking "remember"')
    # The headers editor takes a JSON object of strings.
    page.click('.tab[data-tab=headers]')
    page.fill('[data-testid=headers]', '{"x-trace": 1')
    check('not valid JSON' in page.inner_text('[data-testid=headers-errors]'), 'invalid headers JSON is not reported')
    page.fill('[data-testid=headers]', '{"x-trace": "studio"}')
    check(page.inner_text('[data-testid=headers-errors]') == '', 'valid headers are reported as wrong')
    page.click('.tab[data-tab=variables]')
    # A blog to read back.
    set_editor(page, 'mutation { createBlog(input: {name: "Studio blog"}) { id } }')
    created = run_and_read(page)
    check(created.get('data', {}).get('createBlog', {}).get('id'), f'createBlog failed: {created}')

    set_editor(page, '')
    page.focus(editor)
    page.keyboard.type('{ listBl')
    page.wait_for_selector('[data-testid=completion]:not([hidden])')
    first = page.inner_text('[data-testid=completion] .completion-item.active .completion-label')
    check(first == 'listBlogs', f'the first completion for "listBl" is {first!r}, not listBlogs')
    page.keyboard.press('Enter')
    page.keyboard.type(' { items { na')
    page.wait_for_selector('[data-testid=completion]:not([hidden])')
    page.keyboard.press('Tab')
    page.keyboard.type(' } } }')
    text = editor_text(page)
    check(text == '{ listBlogs { items { name } } }', f'the completed text is {text!r}')
    result = run_and_read(page)
    names = [b['name'] for b in result['data']['listBlogs']['items']]
    check('Studio blog' in names, f'the result lists {names}')

    # Completion of arguments and enum values inside them.
    set_editor(page, '')
    page.focus(editor)
    page.keyboard.type('{ listPosts(filter: {status: {eq: ')
    page.keyboard.press('Control+Space')
    page.wait_for_selector('[data-testid=completion]:not([hidden])')
    labels = page.eval_on_selector_all('[data-testid=completion] .completion-label', 'els => els.map(e => e.textContent)')
    check(labels == ['DRAFT', 'PUBLISHED', 'ARCHIVED'], f'enum completions are {labels}')
    page.keyboard.press('Escape')

    # A validation error is marked where the server says.
    set_editor(page, 'query {\n  listBlogs {\n    items { nmae }\n  }\n}')
    result = run_and_read(page)
    loc = result['errors'][0]['locations'][0]
    mark = page.wait_for_selector('[data-testid=error-mark]')
    check((mark.get_attribute('data-line'), mark.get_attribute('data-column')) == (str(loc['line']), str(loc['column'])),
          f"the mark is at {mark.get_attribute('data-line')}:{mark.get_attribute('data-column')}, the error at {loc}")
    check(mark.inner_text() == 'nmae', f'the mark covers {mark.inner_text()!r}')
    text = editor_text(page)
    offset = sum(len(line) + 1 for line in text.split('\n')[:loc['line'] - 1]) + loc['column'] - 1
    check(mark.get_attribute('data-offset') == str(offset) and text[offset:offset + 4] == 'nmae',
          f"the mark points at offset {mark.get_attribute('data-offset')}, the error at {offset}")
    check(loc['line'] == 3, f'the server placed the error at {loc}')
    shot('error')

    # Variables are checked against the operation's types.
    set_editor(page, 'query One($id: ID!, $n: Int) { getBlog(id: $id) { id posts(limit: $n) { items { id } } } }\nquery Two { listBlogs(limit: 1) { items { id } } }')
    page.fill('[data-testid=variables]', '{"n": "many"}')
    problems = page.inner_text('[data-testid=variables-errors]')
    check('$id (ID!) is required' in problems and '$n must be a 32-bit integer' in problems, f'variable problems: {problems!r}')
    options = page.eval_on_selector_all('[data-testid=operation] option', 'els => els.map(e => e.value)')
    check(options == ['One', 'Two'], f'the operation picker offers {options}')
    page.select_option('[data-testid=operation]', 'Two')
    page.fill('[data-testid=variables]', '')
    result = run_and_read(page)
    check((result.get('data') or {}).get('listBlogs') and len(result['data']['listBlogs']['items']) == 1, f'operation Two returned {result}')

    page.click('[data-testid=prettify]')
    check(editor_text(page).startswith('query One($id: ID!, $n: Int) {\n  getBlog(id: $id) {\n    id\n    posts(limit: $n) {\n'), f'prettified: {editor_text(page)!r}')

    run_and_read(page)
    shot('editor')

    # The colour scheme toggle switches light and dark.
    background = "getComputedStyle(document.body).backgroundColor"
    before = page.evaluate(background)
    page.click('[data-testid=theme]')
    check(page.evaluate(background) != before, 'the theme toggle did not change the colours')
    shot('dark')
    page.click('[data-testid=theme]')
    check(page.evaluate(background) == before, 'the theme toggle did not switch back')

    # History: the runs are listed, newest first; choosing one puts it back into the editor.
    page.click('.tab[data-tab=history]')
    titles = page.eval_on_selector_all('[data-testid=history] .history-title', 'els => els.map(e => e.textContent)')
    check(titles[:1] == ['Two'] and any('listBlogs' in t for t in titles), f'the history lists {titles}')
    set_editor(page, '')
    page.click('[data-testid=history] .history-item >> text="Two"')
    check(editor_text(page).startswith('query One('), f'choosing a run restored {editor_text(page)!r}')
    page.click('.tab[data-tab=explorer]')

    # The share link reopens the query.
    set_editor(page, '{ listBlogs { items { id name } } }')
    page.fill('[data-testid=variables]', '{"a": 1}')
    page.click('[data-testid=share]')
    link = page.url
    check('#query=' in link, f'the share link is {link}')
    page.evaluate("localStorage.clear()")
    page.goto('about:blank')
    page.goto(link)
    page.wait_for_selector('[data-testid=editor]')
    check(editor_text(page) == '{ listBlogs { items { id name } } }', f'the link reopened {editor_text(page)!r}')
    check(page.input_value('[data-testid=variables]') == '{"a": 1}', 'the link did not restore the variables')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
