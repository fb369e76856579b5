"""Studio explorer scenario: build a three-level selection set (listPosts > items > blog > name) by ticking fields
in the explorer, set a filter and a limit through the argument rows, run it and read the nested result; edits typed
in the editor show as ticks; the docs pane finds a field by search."""

import uuid

from studio_ui import check, enter_key, editor_text, set_editor, run_and_read, run_scenario, wait_until


def tick(page, path):
    box = f'[data-testid=explorer-field][data-path="{path}"]'
    page.wait_for_selector(box)
    page.click(box)


def scenario(page, args, shot):
    enter_key(page, args.key)
    # Data to select: a blog with two posts.
    blog_name = f'Explorer blog {uuid.uuid4().hex[:8]}'
    set_editor(page, f'mutation {{ createBlog(input: {{name: "{blog_name}"}}) {{ id }} }}')
    blog = run_and_read(page)['data']['createBlog']['id']
    for title, rating in (('First', 1), ('Second', 5)):
        set_editor(page, f'mutation {{ createPost(input: {{title: "{title}", rating: {rating}, status: PUBLISHED, blogId: "{blog}"}}) {{ id }} }}')
        check(run_and_read(page)['data']['createPost'], f'createPost {title} failed')
    set_editor(page, '')

    tick(page, 'query.listPosts')
    tick(page, 'query.listPosts.items.title')
    tick(page, 'query.listPosts.items.blog')
    tick(page, 'query.listPosts.items.blog.name')
    # The filter argument: rating > 3, through the nested argument rows.
    page.click('[data-testid=explorer-arg][data-arg="query.listPosts(filter)"]')
    page.click('[data-testid=explorer-arg][data-arg="query.listPosts(filter.rating)"]')
    value = '[data-testid=explorer-arg-value][data-arg="query.listPosts(filter.rating.gt)"]'
    page.fill(value, '3')
    page.press(value, 'Enter')
    page.fill('[data-testid=explorer-arg-value][data-arg="query.listPosts(limit)"]', '50')
    page.press('[data-testid=explorer-arg-value][data-arg="query.listPosts(limit)"]', 'Enter')
    wait_until(page, "() => document.querySelector('[data-testid=editor]').value.includes('limit: 50')", what='the limit in the editor')
    text = editor_text(page)
    expected = ('{\n  listPosts(filter: {rating: {gt: 3}}, limit: 50) {\n    items {\n      id\n      title\n'
                '      blog {\n        id\n        name\n      }\n    }\n    nextToken\n  }\n}\n')
    check(text == expected, f'the explorer built {text!r}')
    result = run_and_read(page)
    items = result['data']['listPosts']['items']
    check([(i['title'], i['blog']['name']) for i in items if i['blog']['id'] == blog] == [('Second', blog_name)],
          f'the three-level result is {items}')
    shot('explorer')

    # Typing in the editor ticks the tree.
    set_editor(page, '{ getBlog(id: "x") { name posts { items { rating } } } }')
    wait_until(page, "() => document.querySelector('[data-path=\"query.getBlog.posts.items.rating\"]')?.checked", what='the typed field to be ticked')
    check(not page.is_checked('[data-path="query.listPosts"]'), 'listPosts is still ticked after the text changed')
    # Unticking removes the field and the selection sets left empty.
    page.click('[data-path="query.getBlog.posts.items.rating"]')
    wait_until(page, "() => !document.querySelector('[data-testid=editor]').value.includes('posts')", what='posts to be removed')
    check(editor_text(page) == '{\n  getBlog(id: "x") {\n    name\n  }\n}\n', f'after unticking: {editor_text(page)!r}')

    # Keyboard alone: focus a field's box and press Space.
    set_editor(page, '')
    page.focus('[data-path="query.countBlogs"]')
    page.keyboard.press('Space')
    wait_until(page, "() => document.querySelector('[data-testid=editor]').value.includes('countBlogs')", what='Space to tick countBlogs')
    check(page.evaluate("document.activeElement?.dataset.path") == 'query.countBlogs', 'the focus left the ticked box')

    # Docs: search finds the field, a type link opens its page.
    page.click('.tab[data-tab=docs]')
    page.fill('[data-testid=docs-search]', 'postsCount')
    results = page.inner_text('[data-testid=docs-results]')
    check('Blog.postsCount: Int!' in results.replace('\n', ''), f'docs search shows {results!r}')
    page.click('[data-testid=docs-results] .type-link >> text="Blog"')
    check('Fields' in page.inner_text('[data-testid=docs]') and 'posts' in page.inner_text('[data-testid=docs]'), 'the Blog page has no fields')
    shot('docs')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
