"""`scripts/bench --replica`: the read mix (q1..q5) against the primary alone and against primary + a streaming
standby, and the cost of the commit position on m1.

The bench server (A) serves from its embedded PostgreSQL alone. This script copies that cluster with
`pg_basebackup -R` into a standby on its own unix socket and starts a second `serve` (B) on the same database with
`--read-replica` pointing at the standby. Each operation is then loaded on A and on B in turn (interleaved rounds),
and B's /metrics say which node served its reads. m1 is measured the same way: B reads the commit position of every
write (`x-modelgraph-lsn`), A does not. Everything shares one machine, so a replica adds no cores: the point is
the share of reads the replica serves and what routing costs, not a speed-up.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request

READS = ["q1", "q2", "q3", "q4", "q5"]


def as_postgres(command):
    """`command` as the postgres user when we are root (PostgreSQL refuses to run as root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def start_standby(server, folder, find_pg_bin, run):
    """A standby of the bench server's cluster under `folder`/replica; returns (its data folder, socket folder)."""
    base = os.path.join(folder, "replica")
    data, socket = os.path.join(base, "data"), os.path.join(base, "sock")
    os.makedirs(socket, mode=0o700)
    os.chmod(base, 0o700)
    if os.geteuid() == 0:
        run(["chown", "-R", "postgres:postgres", base])
    psql = find_pg_bin("psql")
    connections = run([psql, *server.psql_args(), "-At", "-c", "SHOW max_connections"]).stdout.strip()
    run(as_postgres([find_pg_bin("pg_basebackup"), "-D", data, "-h", server.pg_socket, "-p", server.pg_port, "-U", "postgres", "-R", "-X", "stream", "-c", "fast",
                     "--no-sync"]))
    options = f"-p 5432 -k {socket} -c listen_addresses='' -c max_connections={connections}"
    run(as_postgres([find_pg_bin("pg_ctl"), "-D", data, "-l", os.path.join(base, "server.log"), "-w", "-t", "60", "-o", options, "start"]))
    return data, socket


def stop_standby(data, find_pg_bin):
    subprocess.run(as_postgres([find_pg_bin("pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]), capture_output=True)


class ReplicaServer:
    """A second `serve` on the bench server's database, reading from the standby."""

    def __init__(self, binary, folder, port, server, standby_socket, schema):
        self.port = port
        primary = f"host={server.pg_socket} port={server.pg_port} user=postgres dbname=postgres"
        standby = f"host={standby_socket} port=5432 user=postgres dbname=postgres"
        self.log = open(os.path.join(folder, "replica-server.log"), "w+")
        self.process = subprocess.Popen(
            [binary, "serve", "--schema", schema, "--migrations", os.path.join(folder, "migrations"), "--database-url", primary, "--read-replica", standby,
             "--port", str(port), "--max-concurrent-per-key", "1024", "--max-connections", "19000"],
            stdout=self.log, stderr=subprocess.STDOUT, env=dict(os.environ, LOG_LEVEL="info"))
        self.key = server.key
        deadline = time.time() + 120
        while time.time() < deadline and self.process.poll() is None:
            if self.healthy() and self.in_rotation():
                return
            time.sleep(0.3)
        self.log.seek(0)
        sys.exit("the replica server did not start, or its standby never entered the rotation:\n" + self.log.read())

    def healthy(self):
        try:
            return urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1).status == 200
        except OSError:
            return False

    def metrics(self):
        return urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=5).read().decode()

    def in_rotation(self):
        try:
            return re.search(r'modelgraph_replica_in_rotation\{(?:[^}]*,)?replica="1"\} 1\b', self.metrics()) is not None
        except OSError:
            return False

    def reads(self):
        """(reads served by the primary, by the replica) so far."""
        text = self.metrics()

        def count(node):
            match = re.search(r'modelgraph_reads_total\{(?:[^}]*,)?node="' + node + r'"\} (\d+)', text)
            return int(match.group(1)) if match else 0
        return count("primary"), count("replica-1")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()


def primary_commits(server, find_pg_bin, run):
    """The primary's committed transactions so far (pg_stat_database, this database). PostgreSQL flushes a busy
    backend's counts at least every second, so a reading can miss about the last second of them."""
    out = run([find_pg_bin("psql"), *server.psql_args(), "-At", "-c", "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"]).stdout
    return int(out.strip())


def measure(server, binary, folder, args, wrk, find_pg_bin, run, operations, schema):
    """Runs the comparison and prints its table."""
    print("starting a standby and a server reading from it …", flush=True)
    data, socket = start_standby(server, folder, find_pg_bin, run)
    replica = None
    try:
        replica = ReplicaServer(binary, folder, args.port + 1, server, socket, schema)
        # What the primary commits with nothing asked of either server (health checks, the change feed's
        # polls), over a window as long as a run: subtracted from each run's count below.
        time.sleep(2)
        start = primary_commits(server, find_pg_bin, run)
        time.sleep(args.duration)
        idle = primary_commits(server, find_pg_bin, run) - start
        concurrency = min(int(level) for level in args.concurrency.split(","))
        rows = []
        for op in [op for op in READS + ["m1"] if op in args.ops.split(",")]:
            wrk(op, concurrency, args.warmup, server)
            wrk(op, concurrency, args.warmup, replica)
            alone, routed, shares, p99s, per_read = [], [], [], ([], []), []
            for _ in range(args.rounds):
                rps, _, p99, errors = wrk(op, concurrency, args.duration, server)
                alone.append(rps)
                p99s[0].append(p99)
                before = replica.reads()
                commits_before = primary_commits(server, find_pg_bin, run)
                rps, _, p99, failed = wrk(op, concurrency, args.duration, replica)
                commits = primary_commits(server, find_pg_bin, run) - commits_before
                after = replica.reads()
                routed.append(rps)
                p99s[1].append(p99)
                primary, standby = after[0] - before[0], after[1] - before[1]
                shares.append(standby / (primary + standby) if primary + standby else float("nan"))
                # Each standby-served read should cost the primary nothing (target: at most 0.05 transactions).
                per_read.append(max(commits - idle, 0) / standby if standby else float("nan"))
                if errors or failed:
                    sys.exit(f"{op}: errors during the run (primary alone {errors}, with the replica {failed})")
            row = {"op": op, "label": operations[op][1], "alone": statistics.median(alone), "routed": statistics.median(routed),
                   "share": statistics.median(shares), "p99a": statistics.median(p99s[0]), "p99b": statistics.median(p99s[1]),
                   "primary_per_read": statistics.median(per_read)}
            row["ratio"] = row["routed"] / row["alone"] if row["alone"] else float("nan")
            rows.append(row)
            share = "-" if op == "m1" else f"{row['share'] * 100:.0f} %"
            per_read_text = "" if op == "m1" else f", primary transactions per replica-served read {row['primary_per_read']:.3f}"
            print(f"  {op} c={concurrency}: primary alone {row['alone']:.0f} req/s, with the replica {row['routed']:.0f} req/s "
                  f"(ratio {row['ratio']:.2f}), reads served by the replica {share}{per_read_text}", flush=True)
        if "m1" in args.ops.split(","):
            # The same write with the standby's replay paused: the commit position's cost without the replay's.
            standby_psql = [find_pg_bin("psql"), "-h", socket, "-p", "5432", "-U", "postgres", "-d", "postgres", "-At", "-c"]
            run(standby_psql + ["SELECT pg_wal_replay_pause()"])
            try:
                alone, routed = [], []
                for _ in range(args.rounds):
                    alone.append(wrk("m1", concurrency, args.duration, server)[0])
                    routed.append(wrk("m1", concurrency, args.duration, replica)[0])
            finally:
                run(standby_psql + ["SELECT pg_wal_replay_resume()"])
            row = {"op": "m1p", "label": operations["m1"][1] + ", standby replay paused", "alone": statistics.median(alone),
                   "routed": statistics.median(routed), "share": float("nan"), "p99a": float("nan"), "p99b": float("nan"), "primary_per_read": float("nan")}
            row["ratio"] = row["routed"] / row["alone"] if row["alone"] else float("nan")
            rows.append(row)
            print(f"  m1, replay paused: primary alone {row['alone']:.0f} req/s, with the replica {row['routed']:.0f} req/s (ratio {row['ratio']:.2f})", flush=True)
        table = ("| operation | primary alone req/s | primary + replica req/s | ratio | reads served by the replica | primary transactions per replica-served read "
                 "(target ≤ 0.05) | p99 ms alone / with |\n|---|---|---|---|---|---|---|\n")
        table += "".join(
            f"| {row['label']} | {row['alone']:.0f} | {row['routed']:.0f} | {row['ratio']:.2f} | "
            f"{'- (writes: + commit position)' if row['op'] in ('m1', 'm1p') else format(row['share'] * 100, '.0f') + ' %'} | "
            f"{'-' if row['op'] in ('m1', 'm1p') else format(row['primary_per_read'], '.3f')} | {row['p99a']:.2f} / {row['p99b']:.2f} |\n"
            for row in rows)
        print(f"\nc={concurrency}, median of {args.rounds} interleaved rounds of {args.duration} s\n\n" + table)
    finally:
        if replica:
            replica.stop()
        stop_standby(data, find_pg_bin)
        shutil.rmtree(os.path.join(folder, "replica"), ignore_errors=True)
