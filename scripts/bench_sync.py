"""The DataStore sync part of scripts/bench (--sync): a base sync of 100,000 records in pages of 1,000, and a
delta sync after some changes, against `COPY (SELECT …) TO STDOUT` of the same rows and columns as the floor.

The server runs bench/sync-schema.graphql (one model, Task, of a realistic width) with conflict detection on
(automerge), seeded by bench/sync-seed.sql (one INSERT over generate_series). A sync is what DataStore sends:
`syncTasks(limit: 1000, nextToken, lastSync)` over HTTP on one kept-alive connection, following `nextToken` until
it is null, selecting every field of the model plus `_version`, `_deleted` and `_lastChangedAt`. The floor is psql
copying the same columns of the same rows, in the same (key) order, to its standard output.

The first run of each sync is checked (every record once, in key order, the versions and times the database
holds, one `startedAt`); the measured runs read each page's bytes and find its `nextToken` without decoding the
rest, as the cost of decoding in Python is the client's, not the server's. Base and floor runs are interleaved
--rounds times; the figures are the medians.

The delta: --changes records (every tenth of them deleted, the rest edited) are changed by one SQL statement
after a base sync, stamped as the server stamps its writes; the delta sync sends that base sync's `startedAt` as
`lastSync` and must return exactly them. Its floor copies the rows with `_lastChangedAt >= lastSync`.
"""
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROWS = 100_000
PAGE = 1000
FIELDS = ("id", "title", "description", "priority", "done", "points", "estimate", "dueDate", "remindAt", "labels", "projectId",
          "assignee", "metadata", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt")
QUERY = ("query SyncTasks($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) { syncTasks(limit: $limit, nextToken: $nextToken, "
         f"lastSync: $lastSync) {{ items {{ {' '.join(FIELDS)} }} nextToken startedAt }} }}")
TOKEN = re.compile(rb'"nextToken"\s*:\s*(null|"((?:[^"\\]|\\.)*)")')
STARTED = re.compile(rb'"startedAt"\s*:\s*(\d+)')


def serve_flags():
    """The flags `migrate generate` and `serve` take for the sync benchmark's schema."""
    return ["--conflict-detection", "automerge"]


def serve_arguments():
    """`serve`'s own flags: a statement timeout that a page outlives on a machine busy enough to pause it."""
    return ["--statement-timeout", "120000"]


class Client:
    """A DataStore client's HTTP: each sync on one kept-alive connection, opened when the sync starts."""

    def __init__(self, server):
        self.port, self.connection = server.port, None
        self.headers = {"content-type": "application/json", "x-api-key": server.key}

    def page(self, next_token, last_sync):
        variables = {"limit": PAGE, "nextToken": next_token, "lastSync": last_sync}
        self.connection.request("POST", "/graphql", body=json.dumps({"query": QUERY, "variables": variables}), headers=self.headers)
        response = self.connection.getresponse()
        body = response.read()
        if response.status != 200:
            sys.exit(f"sync page answered {response.status}: {body[:500]!r}")
        return body

    def sync(self, last_sync=None, check=False):
        """Every page of one sync: (seconds, pages, startedAt, items when `check`)."""
        items, token, pages, started = [], None, 0, None
        begin = time.perf_counter()
        self.close()
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        while True:
            body = self.page(token, last_sync)
            pages += 1
            if check:
                answer = json.loads(body)
                if "errors" in answer:
                    sys.exit(f"sync answered with errors: {answer['errors']}")
                connection = answer["data"]["syncTasks"]
                items += connection["items"]
                token, page_started = connection["nextToken"], connection["startedAt"]
            else:
                match = TOKEN.search(body, max(0, len(body) - 4096)) or TOKEN.search(body)
                if not match:
                    sys.exit(f"no nextToken in a sync page: {body[:300]!r} … {body[-300:]!r}")
                token = None if match.group(1) == b"null" else json.loads(b'"' + match.group(2) + b'"')
                page_started = int(STARTED.search(body, max(0, len(body) - 4096)).group(1))
            if started is None:
                started = page_started
            elif page_started != started:
                sys.exit(f"the pages of one sync gave different startedAt: {started} and {page_started}")
            if token is None:
                return time.perf_counter() - begin, pages, started, items

    def close(self):
        if self.connection:
            self.connection.close()


def floor_sql(where=""):
    columns = ", ".join(f'"{name}"' for name in FIELDS)
    return f'COPY (SELECT {columns} FROM "Task"{where} ORDER BY "id") TO STDOUT'


def copy(psql, server, sql):
    """Seconds the copy of `sql`'s rows to psql's standard output takes, as psql's `\\timing` reports it (the
    statement and its rows' transfer, without psql's start and connection), and the rows' count."""
    result = subprocess.run([psql, *server.psql_args(), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", "\\timing on", "-c", sql],
                            check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = result.stdout.rstrip(b"\n").split(b"\n")
    match = re.match(rb"Time: ([\d.]+) ms", lines[-1])
    if not match:
        sys.exit(f"no timing from psql: {lines[-1][:200]!r}")
    return float(match.group(1)) / 1000, len(lines) - 1


def query(psql, server, sql):
    result = subprocess.run([psql, *server.psql_args(), "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, text=True, capture_output=True)
    return result.stdout.strip()


def check(items, psql, server, where, label):
    """The sync's items are the floor's rows: the same keys in the same order, with the stored versions, tombstone
    flags and times."""
    expected = query(psql, server, f'SELECT string_agg(concat_ws(\',\', "id", "_version", coalesce("_deleted"::text, \'\'), "_lastChangedAt"), \' \' ORDER BY "id") FROM "Task"{where}')
    got = " ".join(",".join([item["id"], str(item["_version"]), "" if item["_deleted"] is None else str(item["_deleted"]).lower(),
                             str(item["_lastChangedAt"])]) for item in items)
    if got != (expected or ""):
        sys.exit(f"{label}: the sync's records differ from the table's ({len(items)} items)")
    missing = [name for name in FIELDS if items and name not in items[0]]
    if missing:
        sys.exit(f"{label}: the items lack {missing}")
    print(f"  {label}: {len(items)} records, in key order, as stored", flush=True)


def change(psql, server, count):
    """`count` records changed after the base sync, as the server's writes stamp them: every tenth a tombstone."""
    query(psql, server, f"""UPDATE "Task" SET "title" = "title" || ' (edited)', "_deleted" = CASE WHEN n % 10 = 0 THEN true END,
        "_version" = "_version" + 1, "_lastChangedAt" = (extract(epoch from now()) * 1000)::bigint, "updatedAt" = now()
        FROM (SELECT md5('task-'||n)::uuid::text AS id, n FROM generate_series(1, {ROWS}, {max(1, ROWS // count)}) n LIMIT {count}) changed
        WHERE "Task"."id" = changed.id""")


def measure(server, psql, args, run):
    """Seeds, checks, measures; prints the table and returns its rows."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print("loading 100,000 tasks …", flush=True)
    run([psql, *server.psql_args(), "-q", "-v", "ON_ERROR_STOP=1", "-f", os.path.join(root, "bench", "sync-seed.sql")])
    run([psql, *server.psql_args(), "-q", "-c", 'VACUUM ANALYZE "Task"'])
    client = Client(server)
    try:
        _, pages, started, items = client.sync(check=True)
        if pages not in (ROWS // PAGE, ROWS // PAGE + 1):
            sys.exit(f"base sync took {pages} pages")
        check(items, psql, server, "", "base sync")
        rows = [measure_one("base sync, 100,000 records", client, None, psql, server, floor_sql(), args)]
        change(psql, server, args.changes)
        run([psql, *server.psql_args(), "-q", "-c", 'ANALYZE "Task"'])
        where = f' WHERE "_lastChangedAt" >= {int(started)}'
        _, _, _, items = client.sync(last_sync=started, check=True)
        if len(items) != args.changes:
            sys.exit(f"delta sync returned {len(items)} records after {args.changes} changes")
        check(items, psql, server, where, "delta sync")
        rows.append(measure_one(f"delta sync after {args.changes:,} changes", client, started, psql, server, floor_sql(where), args))
    finally:
        client.close()
    table = "| sync | records | pages | floor rows/s (COPY) | server rows/s | ratio (median) | server s |\n|---|---|---|---|---|---|---|\n"
    table += "".join(f"| {row['label']} | {row['records']} | {row['pages']} | {row['floor']:.0f} | {row['server']:.0f} | {row['ratio']:.2f} | {row['seconds']:.2f} |\n"
                     for row in rows)
    print("\n" + table)
    return rows


def measure_one(label, client, last_sync, psql, server, sql, args):
    client.sync(last_sync)
    copy(psql, server, sql)
    floors, servers, ratios, seconds = [], [], [], []
    records, pages = 0, 0
    for _ in range(args.rounds):
        floor_seconds, records = copy(psql, server, sql)
        sync_seconds, pages, _, _ = client.sync(last_sync)
        floors.append(records / floor_seconds)
        servers.append(records / sync_seconds)
        ratios.append(servers[-1] / floors[-1])
        seconds.append(sync_seconds)
    row = {"label": label, "records": records, "pages": pages, "floor": statistics.median(floors), "server": statistics.median(servers),
           "ratio": statistics.median(ratios), "seconds": statistics.median(seconds)}
    print(f"  {label}: floor {row['floor']:.0f} rows/s, server {row['server']:.0f} rows/s ({pages} pages, {row['seconds']:.2f} s), "
          f"ratio {row['ratio']:.2f}", flush=True)
    return row
