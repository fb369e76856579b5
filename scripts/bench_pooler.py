"""The connection-pooler part of scripts/bench (--pooler): what `serve --pooler transaction` costs.

Three servers run side by side on the one embedded PostgreSQL and its seed data, each on its own port:
  direct   — the default: named prepared statements (generic plans) on ModelGraph's own connections;
  unnamed  — `--pooler transaction` with a direct URL: every statement the unnamed one, no session settings;
  pgbouncer — `--pooler transaction` through Debian's PgBouncer in pool_mode = transaction (a pool as large
              as serve's), the change feed on the direct URL.
For each operation and concurrency the three are loaded with wrk in turn, --rounds times, and the median req/s
of each is printed with its ratio to `direct`. PgBouncer is started as the postgres user when run as root.
"""
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request


class Attached:
    """A `modelgraph serve` on an existing database (the first server's embedded cluster)."""

    def __init__(self, binary, folder, name, port, schema, migrations, database_url, extra):
        self.port, self.name = port, name
        self.log = open(os.path.join(folder, f"{name}.log"), "w+")
        env = dict(os.environ, LOG_LEVEL="warning")
        self.process = subprocess.Popen(
            [binary, "serve", "--schema", schema, "--migrations", migrations, "--database-url", database_url, "--port", str(port),
             "--max-concurrent-per-key", "1024", "--max-connections", "19000", *extra],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.time() + 120
        while time.time() < deadline and self.process.poll() is None:
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).status == 200:
                    return
            except OSError:
                time.sleep(0.3)
        self.log.seek(0)
        sys.exit(f"{name} server did not start:\n" + self.log.read())

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_pgbouncer(folder, server, pool_size):
    """PgBouncer in transaction mode in front of the embedded cluster's socket; returns (process, port)."""
    executable = "/usr/sbin/pgbouncer"
    if not os.path.exists(executable):
        if os.geteuid() == 0:
            subprocess.run(["apt-get", "install", "-y", "-qq", "pgbouncer"], check=False, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if not os.path.exists(executable):
            sys.exit("pgbouncer not found: apt-get install pgbouncer")
    port = free_port()
    config = os.path.join(folder, "pgbouncer.ini")
    users = os.path.join(folder, "pgbouncer-users.txt")
    with open(config, "w") as handle:
        handle.write(f"""[databases]
* = host={server.pg_socket} port={server.pg_port} user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {users}
pool_mode = transaction
default_pool_size = {pool_size}
max_client_conn = 1000
ignore_startup_parameters = extra_float_digits
logfile =
pidfile =
""")
    with open(users, "w") as handle:
        handle.write('"postgres" ""\n')
    for path in (config, users):
        os.chmod(path, 0o644)
    log = open(os.path.join(folder, "pgbouncer.log"), "w")
    process = subprocess.Popen([executable, *(["-u", "postgres"] if os.geteuid() == 0 else []), config], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    sys.exit("pgbouncer did not start")


def interleaved(targets, op, concurrency, args, folder, wrk):
    """Loads each of `targets` ((name, server) pairs) in turn with wrk: a warm-up each, then --rounds rounds of
    --duration each, interleaved so that the machine's drift falls on all of them alike. Returns the median req/s
    per name and the failed requests of all rounds."""
    for _, target in targets:
        wrk(op, concurrency, args.warmup, target, folder)
    results = {name: [] for name, _ in targets}
    errors = 0
    for _ in range(args.rounds):
        for name, target in targets:
            rps, _, _, failed = wrk(op, concurrency, args.duration, target, folder)
            results[name].append(rps)
            errors += failed
    return {name: statistics.median(values) for name, values in results.items()}, errors


def measure(server, binary, folder, schema, migrations, args, ops, levels, wrk):
    """Runs the three servers and prints the table (see the module's doc)."""
    direct_url = f"host={server.pg_socket} port={server.pg_port} user=postgres dbname=postgres"
    connections = str(max(2, (os.cpu_count() or 1) + 1))
    bouncer, bouncer_port = start_pgbouncer(folder, server, connections)
    pooled_url = f"host=127.0.0.1 port={bouncer_port} user=postgres dbname=postgres"
    unnamed = pooled = None
    try:
        transaction = ["--pooler", "transaction", "--direct-database-url", direct_url, "--connections", connections]
        unnamed = Attached(binary, folder, "unnamed", free_port(), schema, migrations, direct_url, transaction)
        pooled = Attached(binary, folder, "pgbouncer", free_port(), schema, migrations, pooled_url, transaction)
        targets = [("direct", server), ("unnamed", unnamed), ("pgbouncer", pooled)]
        for target in (unnamed, pooled):
            target.key = server.key
        rows = []
        for op in ops:
            for concurrency in levels:
                medians, errors = interleaved(targets, op, concurrency, args, folder, wrk)
                row = (op, concurrency, medians["direct"], medians["unnamed"], medians["pgbouncer"], errors)
                rows.append(row)
                print(f"  {op} c={concurrency}: direct {row[2]:.0f}, unnamed {row[3]:.0f} ({row[3] / row[2]:.2f}), "
                      f"pgbouncer {row[4]:.0f} ({row[4] / row[2]:.2f}) req/s, errors {errors}", flush=True)
    finally:
        for target in (unnamed, pooled):
            if target:
                target.stop()
        bouncer.send_signal(signal.SIGTERM)
        bouncer.wait(timeout=30)
    header = ("| operation | c | direct, named req/s | direct, unnamed req/s | ratio | PgBouncer (transaction) req/s | ratio | errors |\n"
              "|---|---|---|---|---|---|---|---|\n")
    table = header + "".join(
        f"| {op} | {c} | {direct:.0f} | {unnamed_rps:.0f} | {unnamed_rps / direct:.2f} | {pooled_rps:.0f} | {pooled_rps / direct:.2f} | {errors} |\n"
        for op, c, direct, unnamed_rps, pooled_rps, errors in rows)
    print("\n" + table)
