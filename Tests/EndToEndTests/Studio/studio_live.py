"""Studio live scenario: a subscription run from the editor streams the events of mutations made meanwhile (here
through POST /graphql from the test) into the result pane, over the server's WebSocket; Stop ends it."""

import json
import time
import urllib.request

from studio_ui import check, enter_key, set_editor, run_scenario, wait_until


def post(args, query):
    request = urllib.request.Request(args.url.rstrip('/') + '/graphql', data=json.dumps({'query': query}).encode(),
                                     headers={'content-type': 'application/json', 'x-api-key': args.key}, method='POST')
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def scenario(page, args, shot):
    enter_key(page, args.key)
    set_editor(page, 'subscription OnBlog {\n  onCreateBlog {\n    id\n    name\n  }\n}\n')
    page.click('[data-testid=run]')
    wait_until(page, "() => document.querySelector('[data-testid=result-meta]').textContent.startsWith('Subscribed')", what='the subscription to start')
    # graphql-transport-ws confirms no subscription: write until the first event arrives, then two more.
    events_shown = "() => Number(document.querySelector('[data-testid=result-meta]').textContent.split(' ')[0]) || 0"
    for attempt in range(100):
        check(post(args, f'mutation {{ createBlog(input: {{name: "Warm-up {attempt}"}}) {{ id }} }}').get('data'), 'creating a blog failed')
        if page.evaluate(events_shown) > 0:
            break
        time.sleep(0.1)
    wait_until(page, events_shown, what='a first event')
    time.sleep(0.5)
    before = page.evaluate(events_shown)
    for name in ('Live one', 'Live two'):
        check(post(args, f'mutation {{ createBlog(input: {{name: "{name}"}}) {{ id }} }}').get('data'), f'creating {name} failed')
    wait_until(page, f"() => ({events_shown})() >= {before + 2}", what='two more events')
    events = json.loads(page.inner_text('[data-testid=result]'))['events']
    names = [e['data']['onCreateBlog']['name'] for e in events]
    check(names[-2:] == ['Live one', 'Live two'] and all(n.startswith('Warm-up') for n in names[:-2]), f'the events name {names}')
    shot('live')
    page.click('[data-testid=stop]')
    wait_until(page, "() => document.querySelector('[data-testid=result-meta]').textContent.startsWith('Closed')", what='the subscription to stop')
    check(page.is_hidden('[data-testid=stop]'), 'Stop is still shown')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
