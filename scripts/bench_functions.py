"""scripts/bench --functions: what answering a query through a function costs over calling the function directly.

A small keep-alive HTTP function server (this file run with --serve PORT: asyncio, one process of its own) answers
AppSync's resolver event with a record built from the event's arguments. wrk loads it directly, POSTing the event
ModelGraph sends, and then loads ModelGraph with the custom query `benchEcho(id:)` handled by that function
(`serve --function echo=URL`), interleaved --rounds times per concurrency. Reported: both req/s, their ratio, and the
latency ModelGraph adds at the median and the 99th percentile.
"""
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request

SCHEMA = """
type BenchEcho {
  id: ID!
  title: String
  rating: Int
}

type Query {
  benchEcho(id: ID!): BenchEcho @function(name: "echo") @auth(rules: [{ allow: public }])
}
"""

QUERY = "query Echo($id: ID!) { benchEcho(id: $id) { id title rating } }"

RESULT_LUA = """
local threads = {}
local failures = 0
function setup(thread) table.insert(threads, thread) end
response = function(status, headers, body)
  if status ~= 200 or body:find('"errors"', 1, true) or body:find('errorMessage', 1, true) then failures = failures + 1 end
end
done = function(summary, latency, requests)
  local errors = 0
  for _, thread in ipairs(threads) do errors = errors + (thread:get("failures") or 0) end
  io.write(string.format("RESULT rps=%.1f p50=%.3f p99=%.3f errors=%d\\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""


async def handle(reader, writer):
    """Answers each request on a keep-alive connection: the event's `arguments.id` back as a record."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = await reader.readexactly(length) if length else b"{}"
            try:
                event = json.loads(body)
                identifier = (event.get("arguments") or {}).get("id", "none")
            except ValueError:
                identifier = "none"
            answer = json.dumps({"id": identifier, "title": "answered by the function", "rating": 7}).encode()
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + str(len(answer)).encode() + b"\r\n\r\n" + answer)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


def serve(port):
    async def main():
        server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=1024)
        async with server:
            await server.serve_forever()
    asyncio.run(main())


def start_function_server(port):
    process = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", str(port)])
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/echo", data=b'{"arguments":{"id":"x"}}', method="POST")
            if urllib.request.urlopen(request, timeout=1).status == 200:
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    sys.exit("the function server did not start")


def wrk_lua(folder, name, path, headers, bodies):
    script = os.path.join(folder, f"{name}.lua")
    with open(script, "w") as handle:
        handle.write("local requests = {}\n")
        header_table = "{" + ", ".join(f"[{json.dumps(key)}] = {json.dumps(value)}" for key, value in headers.items()) + "}"
        for body in bodies:
            handle.write(f"requests[#requests + 1] = wrk.format(\"POST\", {json.dumps(path)}, {header_table}, {json.dumps(body)})\n")
        handle.write("request = function() return requests[math.random(#requests)] end\n")
        handle.write(RESULT_LUA)
    return script


def load(script, url, concurrency, duration, run):
    output = run(["wrk", "-t2", f"-c{concurrency}", f"-d{duration}s", "-s", script, url]).stdout
    match = re.search(r"RESULT rps=([\d.]+) p50=([\d.]+) p99=([\d.]+) errors=(\d+)", output)
    if not match:
        sys.exit("could not read wrk's output:\n" + output)
    return float(match.group(1)), float(match.group(2)), float(match.group(3)), int(match.group(4))


def measure(server_factory, folder, args, levels, ids, run):
    """Starts the function server and a ModelGraph serving the echo query, then measures both."""
    port = args.port + 1
    functions = start_function_server(port)
    server = None
    try:
        schema = os.path.join(folder, "functions-schema.graphql")
        with open(schema, "w") as handle:
            handle.write(SCHEMA)
        server = server_factory(schema, ("--function", f"echo=http://127.0.0.1:{port}/echo"))
        sample = ids[:200]
        answer = server.graphql(QUERY, {"id": sample[0]})
        if answer != {"data": {"benchEcho": {"id": sample[0], "title": "answered by the function", "rating": 7}}}:
            sys.exit(f"the function-handled query answered {answer}")
        # The event ModelGraph sends for the query, as the direct load's body: the same bytes to parse.
        events = [json.dumps({
            "typeName": "Query", "fieldName": "benchEcho", "arguments": {"id": identifier}, "identity": None, "source": None,
            "request": {"headers": {"content-type": "application/json", "x-api-key": server.key, "host": f"127.0.0.1:{server.port}"}, "domainName": None},
            "info": {"fieldName": "benchEcho", "parentTypeName": "Query", "variables": {"id": identifier}, "selectionSetList": ["id", "title", "rating"],
                     "selectionSetGraphQL": "{\n  id\n  title\n  rating\n}"},
            "prev": {"result": {}}, "stash": {}}) for identifier in sample]
        direct = wrk_lua(folder, "function-direct", "/echo", {"Content-Type": "application/json"}, events)
        through = wrk_lua(folder, "function-server", "/graphql", {"Content-Type": "application/json", "x-api-key": server.key},
                          [json.dumps({"query": QUERY, "variables": {"id": identifier}}) for identifier in sample])
        rows = []
        for concurrency in levels:
            load(direct, f"http://127.0.0.1:{port}", concurrency, args.warmup, run)
            load(through, f"http://127.0.0.1:{server.port}", concurrency, args.warmup, run)
            directs, servers, errors = [], [], 0
            for _ in range(args.rounds):
                directs.append(load(direct, f"http://127.0.0.1:{port}", concurrency, args.duration, run))
                servers.append(load(through, f"http://127.0.0.1:{server.port}", concurrency, args.duration, run))
                errors += directs[-1][3] + servers[-1][3]
            row = {
                "c": concurrency, "direct": statistics.median(r[0] for r in directs), "server": statistics.median(r[0] for r in servers),
                "ratio": statistics.median(s[0] / d[0] for s, d in zip(servers, directs)),
                "p50": statistics.median(s[1] - d[1] for s, d in zip(servers, directs)),
                "p99": statistics.median(s[2] - d[2] for s, d in zip(servers, directs)), "errors": errors,
                "runs": [(round(d[0]), round(s[0])) for d, s in zip(directs, servers)],
            }
            rows.append(row)
            print(f"  f1 c={concurrency}: function directly {row['direct']:.0f} req/s, through ModelGraph {row['server']:.0f} req/s, ratio {row['ratio']:.2f}, "
                  f"added p50 {row['p50']:.2f} ms, added p99 {row['p99']:.2f} ms, errors {errors}, runs (direct, server) {row['runs']}", flush=True)
        print("\n| c | function directly req/s | through ModelGraph req/s | ratio | added p50 ms | added p99 ms | errors |\n|---|---|---|---|---|---|---|")
        for row in rows:
            print(f"| {row['c']} | {row['direct']:.0f} | {row['server']:.0f} | {row['ratio']:.2f} | {row['p50']:.2f} | {row['p99']:.2f} | {row['errors']} |")
    finally:
        if server:
            server.stop()
        functions.kill()


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--serve":
    serve(int(sys.argv[2]))
