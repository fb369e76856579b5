"""The real-time part of scripts/bench (--realtime): mutation throughput and CPU per write with and without
1,000 subscribers, then delivery (events/s, latency, memory) at each subscriber count. modelgraph-bench-realtime
opens the subscribers."""
import json
import os
import signal
import statistics
import subprocess
import sys
import time


def read(path):
    with open(path) as handle:
        return handle.read()


def rss_mb(pid):
    for line in read(f"/proc/{pid}/status").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def tree_cpu_seconds(*roots):
    """CPU seconds (user + system) used so far by the processes `roots` and every process below them."""
    children, times = {}, {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = read(f"/proc/{entry}/stat")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    total, stack, seen = 0.0, list(roots), set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += times.get(pid, 0.0)
        stack.extend(children.get(pid, []))
    return total


def settle(server, limit=90):
    """Waits (up to `limit` seconds) until the server and its PostgreSQL are idle: after thousands of subscribers
    leave, the server is still closing their sockets and the database catching up for a while, which would count
    against the next measurement."""
    for _ in range(limit):
        before = tree_cpu_seconds(server.process.pid, server.pg_pid)
        time.sleep(1)
        if tree_cpu_seconds(server.process.pid, server.pg_pid) - before < 0.05:
            return


def measured_wrk(wrk, op, concurrency, duration, server, folder):
    """wrk's req/s, and the server's (and its PostgreSQL's) CPU milliseconds per request meanwhile."""
    before = tree_cpu_seconds(server.process.pid, server.pg_pid)
    rps = wrk(op, concurrency, duration, server, folder)[0]
    used = tree_cpu_seconds(server.process.pid, server.pg_pid) - before
    return rps, used * 1000 / max(1.0, rps * duration)


def realtime(server, folder, tool, args, wrk, posts):
    """Delivery at each subscriber count, then mutation throughput with and without subscribers (`wrk` loads
    the server, `posts` are the seeded post ids)."""
    base = [tool, "--port", str(server.port), "--key", server.key, "--post-id", posts[0]]
    wrk("m1", 8, args.warmup, server, folder)
    # Delivery and memory first, on a server no subscriber has used yet: RSS then shows what subscribers
    # take, not memory that earlier connections freed and these reuse.
    rows = []
    for count in [int(level) for level in args.subscribers.split(",")]:
        before = rss_mb(server.process.pid)
        peak = [before]
        process = subprocess.Popen([*base, "--subscribers", str(count), "--rate", str(args.rate), "--duration", str(args.duration)],
                                   stdout=subprocess.PIPE, text=True)
        while process.poll() is None:
            peak.append(rss_mb(server.process.pid))
            time.sleep(0.5)
        report = json.loads(process.stdout.read().strip().splitlines()[-1])
        report["rssPer1000"] = (max(peak) - before) * 1000 / count
        rows.append(report)
        print(f"  {count} subscribers at {args.rate:g} writes/s: {report['eventsDelivered']}/{report['eventsExpected']} events, "
              f"{report['eventsPerSecond']:.0f}/s, p50 {report['latencyP50Ms']:.1f} ms, p99 {report['latencyP99Ms']:.1f} ms, "
              f"+{report['rssPer1000']:.1f} MB RSS per 1,000 subscribers", flush=True)
    settle(server)
    without, with_subscribers, paused, delivered, expected = [], [], [], 0, 0
    cpu_without, cpu_with, cpu_paused = [], [], []
    for _ in range(args.rounds):
        rps, cpu = measured_wrk(wrk, "m1", 8, args.duration, server, folder)
        without.append(rps)
        cpu_without.append(cpu)
        for pause in (False, True):
            # Paused: the subscriber client is stopped while wrk runs, so its own CPU (on the same cores as the
            # server) neither counts nor slows the server. The server still does all of its work: every event is
            # read, sent and taken in by the kernel's TCP receive path into the client's socket buffer (a few KB
            # per socket), and the client reads it all after it resumes, before its report.
            holder = subprocess.Popen([*base, "--subscribers", "1000", "--rate", "0", "--hold", str(args.duration + 10), "--filter-posts", ",".join(posts)],
                                      stdout=subprocess.PIPE, text=True)
            line = holder.stdout.readline()
            if not line.startswith("READY"):
                sys.exit("the subscribers did not start: " + line + holder.stdout.read())
            if pause:
                holder.send_signal(signal.SIGSTOP)
            rps, cpu = measured_wrk(wrk, "m1", 8, args.duration, server, folder)
            if pause:
                holder.send_signal(signal.SIGCONT)
            (paused if pause else with_subscribers).append(rps)
            (cpu_paused if pause else cpu_with).append(cpu)
            report = json.loads(holder.stdout.read().strip().splitlines()[-1])
            holder.wait()
            delivered += report["eventsReceived"]
            expected += round(rps * args.duration)
    cost = 1 - statistics.median(with_subscribers) / statistics.median(without)
    cpu_cost = statistics.median(cpu_with) / statistics.median(cpu_without) - 1
    paused_cost = 1 - statistics.median(paused) / statistics.median(without)
    paused_cpu_cost = statistics.median(cpu_paused) / statistics.median(cpu_without) - 1
    print(f"  m1 c=8: {statistics.median(without):.0f} req/s without subscribers, {statistics.median(with_subscribers):.0f} with 1,000 "
          f"(each following one post's comments): cost {cost * 100:.1f} %; {statistics.median(paused):.0f} with the subscriber client paused: "
          f"cost {paused_cost * 100:.1f} % ({delivered} events received of about {expected} writes)", flush=True)
    print(f"  server + PostgreSQL CPU per write: {statistics.median(cpu_without):.3f} ms without subscribers, {statistics.median(cpu_with):.3f} ms with "
          f"(+{cpu_cost * 100:.1f} %), {statistics.median(cpu_paused):.3f} ms with the client paused (+{paused_cpu_cost * 100:.1f} %); rounds without "
          f"{', '.join(f'{c:.3f}' for c in cpu_without)}, with {', '.join(f'{c:.3f}' for c in cpu_with)}, paused {', '.join(f'{c:.3f}' for c in cpu_paused)}",
          flush=True)
    table = ("| subscribers | writes/s | events delivered / expected | events/s | p50 ms | p99 ms | write p50 ms | server RSS per 1,000 subscribers |\n"
             "|---|---|---|---|---|---|---|---|\n")
    table += "".join(
        f"| {row['subscribers']} | {args.rate:g} | {row['eventsDelivered']} / {row['eventsExpected']} | {row['eventsPerSecond']:.0f} | "
        f"{row['latencyP50Ms']:.1f} | {row['latencyP99Ms']:.1f} | {row['writeP50Ms']:.1f} | {row['rssPer1000']:.1f} MB |\n" for row in rows)
    print("\n" + table)
    print(f"| m1 c=8 | without subscribers | with 1,000 subscribers | cost | with 1,000, client paused | cost |\n|---|---|---|---|---|---|\n"
          f"| req/s (median of {args.rounds}) | {statistics.median(without):.0f} | {statistics.median(with_subscribers):.0f} | {cost * 100:.1f} % | "
          f"{statistics.median(paused):.0f} | {paused_cost * 100:.1f} % |\n"
          f"| server + PostgreSQL CPU ms per write | {statistics.median(cpu_without):.3f} | {statistics.median(cpu_with):.3f} | {cpu_cost * 100:.1f} % | "
          f"{statistics.median(cpu_paused):.3f} | {paused_cpu_cost * 100:.1f} % |")
