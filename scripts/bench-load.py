#!/usr/bin/env python3
"""Load benchmark: many concurrent connections on the first page of memories, then on creation.

    scripts/bench-load.py <server binary>

For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does): start the server, sign in, seed LOAD_SEED memories (default
2,000), then hold LOAD_CONNECTIONS connections (default 256) for LOAD_SECONDS (default 30)
with wrk (LOAD_THREADS threads, default 2; scripts/bench-load.lua), once on
  GET /api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc   (the first page)
and once on
  POST /api/memories/with-validation                               (a new memory each time)
Printed for each: requests, requests/s, errors (non-2xx answers by status; connect, read and
write socket errors; timeouts, i.e. answers slower than LOAD_TIMEOUT, default 10 s), latency
p50/p90/p99/max, the server's peak resident memory (VmHWM, reset before each run), and the CPU
used by the server and by wrk, so one sees whether the load generator took the CPU the server
needed (both share this machine). Server log lines at WARN or ERROR level are summed up.
The work folder (database, server log) is removed after a run that could be done, unless
BENCH_KEEP=1.

wrk is Debian's package, installed when missing (as the Makefile's test-deps does).
Exit status: 0 when every run could be done (errors are figures, not failures), else 1.
"""

import collections
import datetime
import importlib.util
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SECONDS = int(os.environ.get("LOAD_SECONDS", "30"))
CONNECTIONS = int(os.environ.get("LOAD_CONNECTIONS", "256"))
THREADS = int(os.environ.get("LOAD_THREADS", "2"))
SEED = int(os.environ.get("LOAD_SEED", "2000"))
TIMEOUT = os.environ.get("LOAD_TIMEOUT", "10s")
EMAIL = "load-bench@example.com"
PAGE = "/api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc"
CREATE = "/api/memories/with-validation"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# The server handling (start, sign-in, stop) is bench-crash.py's.
sys.dont_write_bytecode = True  # no __pycache__ in scripts/
_spec = importlib.util.spec_from_file_location("bench_crash", os.path.join(HERE, "bench-crash.py"))
crash = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(crash)
log = crash.log


def ensure_wrk():
    if shutil.which("wrk"):
        return
    log("wrk is not installed; installing Debian's wrk package...")
    subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null",
                   shell=True, check=True)


def proc_status(pid, field):
    """A /proc/<pid>/status figure, in MiB (the file gives kB)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def reset_peak_memory(pid):
    """Writing 5 to clear_refs resets VmHWM to the current resident size (Linux 4.0 and later)."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError as error:
        log(f"   (could not reset the peak memory: {error}; the figure is the peak since start)")
        return False


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime


def postgres_cpu(port):
    """CPU seconds of each process of the PostgreSQL cluster listening on `port` (its postmaster,
    found by `-p <port>` on its command line, and the postmaster's children), by pid."""
    if port is None:
        return {}
    parents, postmaster = {}, None
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                args = f.read().decode("utf-8", "replace").split("\0")
            with open(f"/proc/{entry}/stat") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if os.path.basename(args[0]) == "postgres" and any(
                a == "-p" and b == str(port) or a == f"-p{port}" or a == f"-p {port}" for a, b in zip(args, args[1:] + [""])):
            postmaster = int(entry)
    times = {}
    for pid, parent in parents.items():
        if pid == postmaster or (postmaster and parent == postmaster):
            try:
                times[pid] = cpu_seconds(pid)
            except OSError:
                pass
    return times


def machine_cpu_seconds():
    """CPU time spent busy on the whole machine, from the first line of /proc/stat."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks[:8]) - idle) / CLOCK_TICKS  # without guest time, already counted in user


def seed(server, count):
    """Create `count` memories from 4 connections; failures are counted and retried."""
    failures = collections.Counter()
    lock = threading.Lock()
    remaining = list(range(count))

    def work():
        conn = server.connection()
        while True:
            with lock:
                if not remaining:
                    return
                n = remaining.pop()
            body = json.dumps({
                "title": f"Seed memory {n}",
                "content": f"Day {n}: coffee with Marie in Paris, then a walk by the Seine with Paul.",
                "eventDate": f"20{n % 25:02d}-{1 + n % 12:02d}-{1 + n % 28:02d}",
            })
            try:
                conn.request("POST", CREATE, body=body, headers=server.headers({"Content-Type": "application/json"}))
                response = conn.getresponse()
                payload = response.read()
                ok = response.status == 201
                what = f"HTTP {response.status}: {payload[:200].decode('utf-8', 'replace')}"
            except OSError as error:
                conn.close()
                ok, what = False, f"socket: {error}"
            if not ok:
                with lock:
                    failures[what] += 1
                    if sum(failures.values()) > 1000:
                        raise RuntimeError(f"seeding keeps failing: {failures.most_common(3)}")
                    remaining.append(n)

    started = time.monotonic()
    workers = [threading.Thread(target=work) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started
    log(f"   seeded {count} memories in {elapsed:.1f} s ({count / elapsed:.0f}/s, 4 connections)"
        + ("" if not failures else f"; failed and retried: {sum(failures.values())}"))
    for what, n in failures.most_common(5):
        log(f"      {n} x {what}")


def run_wrk(server, mode, path, postgres_port=None):
    env = {**os.environ, "LOAD_MODE": mode, "LOAD_COOKIE": server.cookie, "LOAD_ORIGIN": server.origin}
    command = ["wrk", "-t", str(THREADS), "-c", str(CONNECTIONS), "-d", f"{SECONDS}s", "--timeout", TIMEOUT,
               "-s", os.path.join(HERE, "bench-load.lua"), server.origin + path]
    pid = server.process.pid
    reset = reset_peak_memory(pid)
    server_cpu = cpu_seconds(pid)
    machine_cpu = machine_cpu_seconds()
    database_cpu = postgres_cpu(postgres_port)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    finished = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    wrk_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    server_cpu = cpu_seconds(pid) - server_cpu
    machine_cpu = machine_cpu_seconds() - machine_cpu
    database_cpu = (sum(t - database_cpu.get(pid, 0.0) for pid, t in postgres_cpu(postgres_port).items())
                    if postgres_port else None)
    peak = proc_status(pid, "VmHWM")
    lines = [l for l in finished.stdout.splitlines() if l.startswith("BENCH-RESULT ")]
    if finished.returncode != 0 or not lines:
        raise RuntimeError(f"wrk failed ({finished.returncode}): {finished.stderr.strip()} {finished.stdout.strip()}")
    result = json.loads(lines[-1].split(" ", 1)[1])
    statuses = collections.Counter()
    for status, count in result["statuses"]:
        statuses[status] += count
    result.update(statuses=statuses, peak_mib=peak, peak_reset=reset, server_cpu=server_cpu, wrk_cpu=wrk_cpu,
                  database_cpu=database_cpu,
                  other_cpu=max(0.0, machine_cpu - server_cpu - wrk_cpu - (database_cpu or 0.0)),
                  wall=wall)
    return result


def report(backend, what, r):
    seconds = r["duration_us"] / 1e6
    non_2xx = sum(n for status, n in r["statuses"].items() if not 200 <= status < 300)
    ms = lambda us: f"{us / 1000:.1f} ms"
    log(f"{backend} {what}: {CONNECTIONS} connections for {seconds:.1f} s: {r['requests']} requests, "
        f"{r['requests'] / seconds:.0f} requests/s")
    log(f"   errors: non-2xx {non_2xx}, connect {r['connect']}, read {r['read']}, write {r['write']}, "
        f"timeouts (> {TIMEOUT}) {r['timeout']}")
    log(f"   answers by status: " + ", ".join(f"{s}: {n}" for s, n in sorted(r["statuses"].items())))
    log(f"   latency: p50 {ms(r['p50_us'])}, p90 {ms(r['p90_us'])}, p99 {ms(r['p99_us'])}, max {ms(r['max_us'])}"
        f" (answers within the timeout)")
    log(f"   server peak memory (VmHWM{'' if r['peak_reset'] else ' since start'}): {r['peak_mib']:.1f} MiB")
    log(f"   CPU over the run: server {100 * r['server_cpu'] / r['wall']:.0f}%, wrk ({THREADS} threads) "
        f"{100 * r['wrk_cpu'] / r['wall']:.0f}%, "
        + ("" if r["database_cpu"] is None else f"PostgreSQL {100 * r['database_cpu'] / r['wall']:.0f}%, ")
        + f"other processes {100 * r['other_cpu'] / r['wall']:.0f}% "
        f"(of {100 * os.cpu_count()}% on {os.cpu_count()} cores)")


def bench_backend(backend, binary, database_url, workdir):
    server_log = os.path.join(workdir, "server.log")
    log(f"\n== {backend}: {CONNECTIONS} connections, {SECONDS} s per run, {THREADS} wrk threads "
        f"(database {database_url})")
    server = crash.Server(binary, database_url, os.path.join(workdir, "photos"), server_log)
    log(f"   server started: {proc_status(server.process.pid, 'VmRSS'):.1f} MiB resident")
    server.sign_in(EMAIL)
    seed(server, SEED)
    status, _, body = server.request("GET", PAGE)
    items = len(json.loads(body)["items"]) if status == 200 else 0
    if status != 200 or items != min(20, SEED):
        raise RuntimeError(f"the first page answered {status} with {items} items: {body[:300]!r}")
    log(f"   after seeding: {proc_status(server.process.pid, 'VmRSS'):.1f} MiB resident, "
        f"peak so far {proc_status(server.process.pid, 'VmHWM'):.1f} MiB")

    runs = []
    for what, mode, path in (("first page (GET)", "page", PAGE), ("create (POST with-validation)", "create", CREATE)):
        start = datetime.datetime.now(datetime.timezone.utc)
        result = run_wrk(server, mode, path, urllib.parse.urlsplit(database_url).port)
        runs.append((what, start, datetime.datetime.now(datetime.timezone.utc)))
        report(backend, what, result)
    time.sleep(2)  # let the server finish what the closed connections left, before it is told to stop
    runs.append(("shutdown", datetime.datetime.now(datetime.timezone.utc), datetime.datetime.max.replace(
        tzinfo=datetime.timezone.utc) - datetime.timedelta(days=1)))
    server.stop()

    summarize_log(server_log, runs)


def summarize_log(server_log, runs):
    """The WARN and ERROR lines of the server, folded (numbers as N), with when they came:
    in which wrk run (or up to 2 s after it), and how many seconds after its start (a run lasts
    LOAD_SECONDS), or at the shutdown."""
    counts = collections.Counter()
    seconds = collections.defaultdict(list)
    for line in open(server_log, encoding="utf-8", errors="replace"):
        line = re.sub(r"\x1b\[[0-9;]*m", "", line).rstrip()
        if not re.search(r"\b(WARN|ERROR)\b", line):
            continue
        stamp, _, message = line.partition(" ")
        phase, offset = "outside the runs", None
        try:
            at = datetime.datetime.fromisoformat(stamp)
            for name, start, end in runs:
                if start <= at <= end + datetime.timedelta(seconds=2):
                    phase, offset = name, (at - start).total_seconds()
        except ValueError:
            message = line
        key = (re.sub(r"\d+", "N", message.strip()), phase)
        counts[key] += 1
        if offset is not None:
            seconds[key].append(offset)
    if not counts:
        log("   server log: no WARN or ERROR lines")
        return
    kept = f" ({server_log})" if os.environ.get("BENCH_KEEP") == "1" else ""
    log(f"   server log: {sum(counts.values())} WARN/ERROR lines{kept}; distinct ones:")
    for (message, phase), count in counts.most_common(10):
        when = phase
        if seconds[(message, phase)]:
            when += f", {min(seconds[(message, phase)]):.1f} to {max(seconds[(message, phase)]):.1f} s after its start"
        log(f"   {count} x {message[:400]}  [{when}]")


def main():
    binary = crash.server_binary()
    ensure_wrk()
    failed = False
    for backend in crash.backends():
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-load-{backend}.")
        url = crash.fresh_database(backend, workdir, "bench_load")
        try:
            bench_backend(backend, binary, url, workdir)
            if os.environ.get("BENCH_KEEP") != "1":
                shutil.rmtree(workdir, ignore_errors=True)
        except Exception as error:
            failed = True
            log(f"{backend}: the benchmark could not run: {type(error).__name__}: {error}; kept {workdir}")
        finally:
            for server in crash.RUNNING:
                if server.process.poll() is None:
                    server.kill()
            crash.RUNNING.clear()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
