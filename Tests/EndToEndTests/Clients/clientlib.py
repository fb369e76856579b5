"""What the real-time client scripts share: their arguments, mutations over HTTP, and the subscribe-and-create loop.

Every script prints JSON lines on standard output, flushed as they happen:
  {"kind": "created", "n": N, "entry": I, "data": <the mutation's data>}   a record the script created over HTTP
  {"kind": "event", "subscription": S, "data": <the event's data>}         an event subscription S delivered
and exits 0 when done; on a failure or a timeout it explains on standard error and exits non-zero.

Subscriptions have no acknowledgement the script can wait for (graphql-transport-ws has none, and gql does not
surface AppSync's start_ack), so the loop does not race the start: it creates a round of records every 200 ms
until every subscription has had an event, then `--count` more rounds, then waits until each subscription has
had the event of the last record it expects. Events are printed as they arrive, so the test can check that they
are exactly the expected records, in order, contiguous after each subscription's first.
"""

import argparse
import asyncio
import json
import sys
import urllib.request

from gql import GraphQLRequest


def parser(description):
    """The arguments every script takes; a script adds its transport's own."""
    arguments = argparse.ArgumentParser(description=description)
    arguments.add_argument("--http", required=True, help="the GraphQL HTTP endpoint the records are created through")
    arguments.add_argument("--key", required=True, help="the API key")
    arguments.add_argument(
        "--subscription", action="append", required=True, help="a subscription document; repeat for more on the same connection"
    )
    arguments.add_argument(
        "--variables", action="append", default=[], help="JSON variables of the subscription at the same position (null: none)"
    )
    arguments.add_argument("--mutation", required=True, help="a mutation that takes the record as $input")
    arguments.add_argument(
        "--round",
        required=True,
        help='JSON list of records created together: {"input": {...}, "expect": bool or [bool per subscription]}; '
        '"{n}" in a string of the input becomes the record\'s number',
    )
    arguments.add_argument("--count", type=int, default=3, help="rounds created after every subscription has had an event")
    arguments.add_argument("--timeout", type=float, default=60, help="seconds before giving up")
    return arguments


def emit(line):
    """Prints one JSON line at once."""
    print(json.dumps(line, separators=(",", ":")), flush=True)


def fail(message):
    """Explains on standard error and exits non-zero."""
    print(message, file=sys.stderr, flush=True)
    sys.exit(2)


def post(url, key, query, variables):
    """Runs an operation over HTTP (no proxy: the server is on this machine); its data, or an exception."""
    body = json.dumps({"query": query, "variables": variables}).encode()
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"content-type": "application/json", "x-api-key": key}
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=60) as response:
        answer = json.load(response)
    if answer.get("errors") or not answer.get("data"):
        raise RuntimeError(f"{query} with {variables} answered {answer}")
    return answer["data"]


def numbered(value, n):
    """`value` with "{n}" in its strings replaced by `n`."""
    if isinstance(value, str):
        return value.replace("{n}", str(n))
    if isinstance(value, dict):
        return {key: numbered(item, n) for key, item in value.items()}
    if isinstance(value, list):
        return [numbered(item, n) for item in value]
    return value


def record_id(data):
    """The id of the one root field's object in an operation's data."""
    (root,) = data.values()
    return root["id"] if isinstance(root, dict) else None


def requests(options):
    """The subscriptions as gql requests, with their variables."""
    variables = [json.loads(text) for text in options.variables]
    if len(variables) > len(options.subscription):
        fail("more --variables than --subscription")
    variables += [None] * (len(options.subscription) - len(variables))
    return [GraphQLRequest(document, variable_values=values) for document, values in zip(options.subscription, variables)]


async def subscribe_and_create(session, options):
    """Runs the subscriptions on `session` and creates records until each has had the events it expects."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + options.timeout
    subscriptions = requests(options)
    entries = json.loads(options.round)
    events = [[] for _ in subscriptions]
    changed = asyncio.Event()

    async def consume(index, request):
        async for data in session.subscribe(request):
            events[index].append(record_id(data))
            emit({"kind": "event", "subscription": index, "data": data})
            changed.set()

    consumers = [asyncio.create_task(consume(index, request)) for index, request in enumerate(subscriptions)]
    # The last record each subscription expects, and how many records were made.
    last = [None for _ in subscriptions]
    made = 0

    def check():
        for task in consumers:
            if task.done():
                error = task.exception() if not task.cancelled() else None
                fail(f"a subscription ended early: {error!r}" if error else "a subscription ended early without an error")
        if loop.time() > deadline:
            fail(f"timed out after {options.timeout} s: events so far {events}, expected last {last}")

    async def create_round():
        nonlocal made
        for index, entry in enumerate(entries):
            made += 1
            data = await asyncio.to_thread(post, options.http, options.key, options.mutation, {"input": numbered(entry["input"], made)})
            emit({"kind": "created", "n": made, "entry": index, "data": data})
            expect = entry.get("expect", True)
            for position in range(len(subscriptions)):
                if expect if isinstance(expect, bool) else expect[position]:
                    last[position] = record_id(data)

    try:
        while not all(events):
            check()
            await create_round()
            await asyncio.sleep(0.2)
        for _ in range(options.count):
            check()
            await create_round()
        while not all(target is None or target in seen for target, seen in zip(last, events)):
            check()
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), timeout=0.5)
            except asyncio.TimeoutError:
                pass
    finally:
        for task in consumers:
            task.cancel()
        await asyncio.gather(*consumers, return_exceptions=True)


def run(main):
    """Runs the script's coroutine; an exception is reported on standard error with a non-zero exit."""
    try:
        asyncio.run(main())
    except SystemExit:
        raise
    except BaseException as error:  # noqa: BLE001 - every failure must reach the test as text
        fail(f"{type(error).__name__}: {error}")
