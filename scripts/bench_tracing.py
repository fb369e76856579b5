"""The tracing part of scripts/bench (--tracing): what OpenTelemetry tracing costs per request.

Needs a release build with the OpenTelemetry trait (scripts/bench builds one: `swift build -c release --product
modelgraph --traits OpenTelemetry`). Servers run side by side on the first server's embedded PostgreSQL and
seed data, each on its own port:
  off       — the first server: no OTLP endpoint, tracing off;
  on 100 %  — every request traced (`--trace-sampler always_on`), spans exported to a local sink;
  on 1 %    — `--trace-sampler traceidratio --trace-sample-ratio 0.01`, to the same sink;
  baseline  — with --tracing-baseline PATH, a build without the trait (today's default), tracing compiled out.
The sink is a small HTTP server in this file's process group that reads each OTLP export and answers 200 without
decoding it (a collector runs elsewhere in production; here it shares the machine). For each operation (q1 and
m1 unless --ops says otherwise) and concurrency the servers are loaded with wrk in turn, --rounds times; the
median req/s of each is printed with its ratio to `off` and the machine time each request costs more than with
tracing off, in microseconds: cores × (1/req/s − 1/off's req/s). wrk, PostgreSQL, the servers and the sink share the
machine, which the load keeps busy, so that is the CPU a request's tracing takes, the exporter's and the sink's
included.
"""
import os
import signal
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import bench_pooler


class Sink(BaseHTTPRequestHandler):
    """Reads an export and answers an empty success."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *arguments):
        pass


def start_sink(folder):
    """The sink in a process of its own; returns (process, port)."""
    port = bench_pooler.free_port()
    log = open(os.path.join(folder, "sink.log"), "w")
    process = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--sink", str(port)], stdout=log, stderr=subprocess.STDOUT)
    return process, port


def measure(server, binary, folder, schema, migrations, args, ops, levels, wrk):
    """Runs the servers and prints the table (see the module's doc)."""
    database_url = f"host={server.pg_socket} port={server.pg_port} user=postgres dbname=postgres"
    sink, sink_port = start_sink(folder)
    endpoint = ["--otlp-endpoint", f"http://127.0.0.1:{sink_port}"]
    attached = []
    try:
        targets = [("off", server)]
        for name, flags, path in [
            ("on 100 %", endpoint + ["--trace-sampler", "always_on"], binary),
            ("on 1 %", endpoint + ["--trace-sampler", "traceidratio", "--trace-sample-ratio", "0.01"], binary),
        ] + ([("baseline", [], args.tracing_baseline)] if args.tracing_baseline else []):
            target = bench_pooler.Attached(path, folder, name.replace(" ", "").replace("%", "pct"), bench_pooler.free_port(), schema, migrations, database_url, flags)
            target.key = server.key
            attached.append(target)
            targets.append((name, target))
        rows = []
        for op in ops:
            for concurrency in levels:
                medians, errors = bench_pooler.interleaved(targets, op, concurrency, args, folder, wrk)
                rows.append((op, concurrency, medians, errors))
                print(f"  {op} c={concurrency}: " + ", ".join(f"{name} {rps:.0f}" for name, rps in medians.items()) + f" req/s, errors {errors}", flush=True)
    finally:
        for target in attached:
            target.stop()
        sink.send_signal(signal.SIGTERM)
        sink.wait(timeout=30)
    names = [name for name, _ in rows[0][2].items()] if rows else []
    cores = os.cpu_count() or 1
    header = "| operation | c | " + " | ".join(f"{name} req/s" + ("" if name == "off" else f" | {name} ratio | {name} µs/request") for name in names) + " | errors |\n"
    header += "|---" * (3 + 3 * (len(names) - 1) + 1) + "|\n"
    lines = []
    for op, concurrency, medians, errors in rows:
        off = medians["off"]
        cells = [f"{off:.0f}"]
        for name in names[1:]:
            rps = medians[name]
            cells += [f"{rps:.0f}", f"{rps / off:.2f}", f"{(1 / rps - 1 / off) * 1e6 * cores:+.0f}"]
        lines.append(f"| {op} | {concurrency} | " + " | ".join(cells) + f" | {errors} |\n")
    print("\n" + header + "".join(lines))
    print(f"µs/request: machine time a request costs more than with tracing off ({cores} cores × (1/req/s − 1/off req/s)).")


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--sink":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Sink).serve_forever()
