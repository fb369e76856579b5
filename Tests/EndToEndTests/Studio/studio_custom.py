"""Studio custom operations scenario (the custom operations fixture): the explorer lists a custom query with its
arguments, ticking builds the selection and running it answers from its SQL statement; docs find a custom mutation
and its input type; the plan pane shows the custom query's statement with its bound parameter."""

from studio_ui import check, enter_key, editor_text, set_editor, run_and_read, run_scenario, wait_until


def scenario(page, args, shot):
    enter_key(page, args.key)
    set_editor(page, 'mutation { a: createPost(input: {title: "A", rating: 4}) { id } b: createPost(input: {title: "B", rating: 1}) { id } }')
    check('errors' not in run_and_read(page), 'the posts were not created')
    set_editor(page, '')

    # Explorer: the custom query and its argument, ticked into the editor, run.
    page.wait_for_selector('[data-testid=explorer-field][data-path="query.postStats"]')
    page.click('[data-testid=explorer-field][data-path="query.postStats"]')
    page.click('[data-testid=explorer-field][data-path="query.postStats.posts"]')
    value = '[data-testid=explorer-arg-value][data-arg="query.postStats(minRating)"]'
    page.fill(value, '3')
    page.press(value, 'Enter')
    wait_until(page, "() => document.querySelector('[data-testid=editor]').value.includes('minRating: 3')", what='the argument in the editor')
    text = editor_text(page)
    check('postStats(minRating: 3)' in text and 'posts' in text, f'the explorer built {text!r}')
    result = run_and_read(page)
    check(result.get('data', {}).get('postStats', {}).get('posts') == 1, f'postStats answered {result}')
    shot('custom-explorer')

    # Docs: the custom mutation and its input type.
    page.click('.tab[data-tab=docs]')
    page.fill('[data-testid=docs-search]', 'ratePost')
    results = page.inner_text('[data-testid=docs-results]').replace('\n', '')
    check('Mutation.ratePost: Post' in results and 'Subscription.onRatePost: Post' in results, f'docs search shows {results!r}')
    page.fill('[data-testid=docs-search]', 'RatingInput')
    results = page.inner_text('[data-testid=docs-results]').replace('\n', '')
    check('RatingInput' in results, f'docs search shows {results!r}')

    # Plan: the custom query's statement, its placeholder bound as a parameter.
    set_editor(page, 'query { postStats(minRating: 2) { posts } }')
    page.click('[data-testid=plan-tab]')
    wait_until(page, "() => document.querySelectorAll('[data-testid=plan-field]').length === 1", what='the planned custom query')
    sql = page.inner_text('[data-testid=plan-field] [data-testid=plan-sql]')
    check('"Post"' in sql and '$1' in sql, f'the postStats statement is {sql!r}')
    parameters = page.inner_text('[data-testid=plan-field] .plan-parameters')
    check('2' in parameters, f'the parameters are {parameters!r}')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
