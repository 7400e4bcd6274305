#!/usr/bin/env python3
"""Load benchmark: the release server under wrk, beside the ceiling of its HTTP stack, and its
start-up time and memory against the goals.

    scripts/bench-load.py <server binary>

For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does):

Load, on a journal of LOAD_SEED memories (default 10,000; ~1 KB of text each, naming two of 6
people and one of 4 places, which are entities linked to it), seeded through the API from
SEED_CONNECTIONS connections (default 8; POST /api/memories, the plain create, when the server
has it, else POST /api/memories/with-validation). wrk (LOAD_THREADS threads, default 2;
scripts/bench-load.lua) then holds, for LOAD_SECONDS each (default 20):
  GET /healthz                                                     (the HTTP stack's ceiling)
at each connection count below, first (so that its peak memory is not what the other runs left);
  GET /api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc   (the first page)
at each of LOAD_CONNECTIONS (default 16,64,256) connections; and
  POST /api/memories/with-validation                               (a new ~1 KB memory each time)
at LOAD_CREATE_CONNECTIONS (default 8). Every figure of the first page and of creation is
printed beside the same figure of /healthz at the same connection count, as a ratio. Figures of
each run: requests/s, errors (non-2xx answers by status; connect, read and write socket errors;
timeouts, i.e. answers slower than LOAD_TIMEOUT, default 10 s), latency p50/p90/p99/max, the
server's peak resident memory (VmHWM, reset to the current resident size before each run; the
server process only, not PostgreSQL's), and the CPU used by the server, by wrk, by PostgreSQL
and by other processes, so one sees whether the load generator (or anything else) took the CPU
the server needed (all share this machine). The server's resident memory is also read
LOAD_IDLE_SECONDS (default 5) after the last run, idle again.

Start-up, on a separate database of STARTUP_SEED memories (default 100,000; 0 leaves it out),
seeded once the same way but without linking the entities (on SQLite a linked create gets
slower the more links the user has, which would make this take tens of minutes; starting up
reads no links): STARTUP_RUNS times (default 5), the time from spawning `lifegraph serve` to the
first 200 from GET /healthz (polled every 0.5 ms; page cache warm), and the resident memory
(VmRSS) 1 s after it, idle.

At the end, the summary: per back end, each figure of the first page and of creation with the
same figure of /healthz and their ratio, and the goals beside their figures (start-up under
50 ms, idle memory under 16 MB after start-up and after the load, peak memory under 64 MB at
256 connections). Memory is in MB of 10^6 bytes.

Server log lines at WARN or ERROR level are summed up. The work folder (databases, server
logs) is removed after a back end that could be benchmarked, unless BENCH_KEEP=1.

wrk is Debian's package, installed when missing (as the Makefile's test-deps does).
Exit status: 0 when every run could be done (errors and missed goals are figures, not
failures), else 1.
"""

import collections
import datetime
import glob
import http.client
import importlib.util
import json
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SECONDS = int(os.environ.get("LOAD_SECONDS", "20"))
CONNECTIONS = [int(c) for c in os.environ.get("LOAD_CONNECTIONS", "16,64,256").split(",") if c.strip()]
CREATE_CONNECTIONS = int(os.environ.get("LOAD_CREATE_CONNECTIONS", "8"))
THREADS = int(os.environ.get("LOAD_THREADS", "2"))
SEED = int(os.environ.get("LOAD_SEED", "10000"))
SEED_CONNECTIONS = int(os.environ.get("SEED_CONNECTIONS", "8"))
TIMEOUT = os.environ.get("LOAD_TIMEOUT", "10s")
IDLE_SECONDS = float(os.environ.get("LOAD_IDLE_SECONDS", "5"))
STARTUP_SEED = int(os.environ.get("STARTUP_SEED", "100000"))
STARTUP_RUNS = int(os.environ.get("STARTUP_RUNS", "5"))
EMAIL = "load-bench@example.com"
PAGE = "/api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc"
CREATE = "/api/memories/with-validation"
PLAIN_CREATE = "/api/memories"
HEALTHZ = "/healthz"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
GOAL_STARTUP_MS = 50
GOAL_IDLE_MB = 16
GOAL_PEAK_MB = 64
GOAL_PEAK_CONNECTIONS = 256

# The seeded journal: two people and a place named in each memory, and linked to it.
PEOPLE = ("Marie Dubois", "Paul Martin", "Lea Bernard", "Hugo Petit", "Camille Roux", "Louis Moreau")
PLACES = ("Paris", "Lyon", "Marseille", "Bordeaux")
# ~1 KB once the names are in; the same sentences as in bench-load.lua.
SENTENCES = (
    "Coffee with {p1} at the little cafe in {pl}, talking for hours about work, books and the summer to come.",
    "In the afternoon {p2} joined us and we walked along the river in {pl} until the light went down.",
    "{p1} told the story of the trip to the mountains again, and {p2} laughed at the same places as always.",
    "We had dinner at the old market in {pl}: fish, bread still warm, and far too much cheese for three people.",
    "On the way home I thought about how long I have known {p1}, and how little we have changed since school.",
    "{p2} promised to send the photos from the day; I wrote this down so as not to forget the small things.",
    "The weather was grey in the morning in {pl} but it cleared at noon, and the terraces filled up at once.",
    "Before leaving, {p1} and {p2} argued kindly about the best bakery in {pl}, as they do every single time.",
    "Later I called my mother to tell her about the day, and she asked after {p1} as she always does.",
    "It was one of those ordinary days that I know I will want to remember, so here it is, written down.",
)

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
    """A /proc/<pid>/status figure, in MB of 10^6 bytes (the file gives KiB)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024 / 1e6
    return float("nan")
def resident_parts(pid):
    """Resident memory split: the process's own (RssAnon: heap, stacks, SQLite's caches) and
    pages mapped from files (RssFile: the program's code and data, shared libraries), which
    other processes running the same files share and which the kernel can drop and re-read."""
    return (f"private {proc_status(pid, 'RssAnon'):.1f} MB, mapped from files "
            f"{proc_status(pid, 'RssFile'):.1f} MB")


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


def create_entities(server):
    """The people and places of the seeded journal, as (id, name) lists."""
    created = {}
    for kind, names in (("person", PEOPLE), ("location", PLACES)):
        created[kind] = []
        for name in names:
            status, _, body = server.request("POST", "/api/entities", body=json.dumps({"name": name, "type": kind}),
                                             headers={"Content-Type": "application/json"})
            if status != 201:
                raise RuntimeError(f"POST /api/entities answered {status}: {body[:300]!r}")
            created[kind].append((json.loads(body)["id"], name))
    return created["person"], created["location"]


def memory_body(n, people, places, link=True):
    """The n-th seeded memory: ~1 KB naming two people and a place, all three linked to it
    unless `link` is false."""
    (id1, p1), (id2, p2) = people[n % len(people)], people[(n + 1) % len(people)]
    place_id, place = places[n % len(places)]
    content = " ".join(SENTENCES[(n + i) % len(SENTENCES)] for i in range(len(SENTENCES)))
    return json.dumps({
        "title": f"A day in {place} with {p1.split()[0]} ({n})",
        "content": content.replace("{p1}", p1).replace("{p2}", p2).replace("{pl}", place),
        "eventDate": f"20{n % 25:02d}-{1 + n % 12:02d}-{1 + n % 28:02d}",
        **({"entities": [id1, id2, place_id]} if link else {}),
    })


def run_seeders(work, threads, remaining, lock, count, started):
    """Run `work` on `threads` threads until each returns, saying every 30 s how many of
    `count` are done (those no longer in `remaining`, read under `lock`)."""
    workers = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for worker in workers:
        worker.start()
    next_progress = started + 30
    while any(worker.is_alive() for worker in workers):
        time.sleep(0.2)
        if time.monotonic() >= next_progress:
            next_progress += 30
            with lock:
                left = len(remaining)
            log(f"   ... {count - left} of {count} after {time.monotonic() - started:.0f} s")


def seed(server, count, people, places, link=True):
    """Create `count` memories from SEED_CONNECTIONS connections; failures are counted and retried.
    The first one finds the route: POST /api/memories (the plain create) when the server has it,
    else POST /api/memories/with-validation."""
    failures = collections.Counter()
    lock = threading.Lock()
    remaining = list(range(count))
    started = time.monotonic()
    path = PLAIN_CREATE
    if remaining:
        n = remaining.pop()
        status, _, payload = server.request("POST", path, body=memory_body(n, people, places, link),
                                            headers={"Content-Type": "application/json"})
        if status in (404, 405):
            path = CREATE
            remaining.append(n)
        elif status != 201:
            raise RuntimeError(f"POST {path} answered {status}: {payload[:300]!r}")

    def work():
        conn = server.connection()
        while True:
            with lock:
                if not remaining or sum(failures.values()) > 1000:
                    return
                n = remaining.pop()
            try:
                conn.request("POST", path, body=memory_body(n, people, places, link),
                             headers=server.headers({"Content-Type": "application/json"}))
                response = conn.getresponse()
                payload = response.read()
                ok = response.status == 201
                what = f"HTTP {response.status}: {payload[:200].decode('utf-8', 'replace')}"
            except (OSError, http.client.HTTPException) as error:
                conn.close()
                ok, what = False, f"socket: {type(error).__name__}: {error}"
            if not ok:
                with lock:
                    failures[what] += 1
                    remaining.append(n)

    run_seeders(work, SEED_CONNECTIONS, remaining, lock, count, started)
    if sum(failures.values()) > 1000:
        raise RuntimeError(f"seeding keeps failing: {failures.most_common(3)}")
    elapsed = time.monotonic() - started
    log(f"   seeded {count} memories{'' if link else ' (no entity linked)'} in {elapsed:.1f} s "
        f"({count / elapsed:.0f}/s, POST {path}, {SEED_CONNECTIONS} connections)"
        + ("" if not failures else f"; failed and retried: {sum(failures.values())}"))
    for what, n in failures.most_common(5):
        log(f"      {n} x {what}")


def vacuum(database_url):
    """VACUUM ANALYZE the seeded database, as autovacuum does a while after writes: without it a
    journal seeded in seconds may be planned as if it were empty (a short run, 3,000 memories, saw
    the first page at a ninth of its rate: 272 requests/s against 2,321), or autovacuum start in
    the middle of the figures. crates/server/benches/memories.rs does the same."""
    psql = shutil.which("psql") or sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))[-1]
    subprocess.run([psql, "-q", "-c", "VACUUM ANALYZE", database_url], check=True, capture_output=True)


def run_wrk(server, mode, path, connections, postgres_port=None, extra_env=None):
    env = {**os.environ, **(extra_env or {}), "LOAD_MODE": mode, "LOAD_COOKIE": server.cookie,
           "LOAD_ORIGIN": server.origin}
    command = ["wrk", "-t", str(min(THREADS, connections)), "-c", str(connections), "-d", f"{SECONDS}s",
               "--timeout", TIMEOUT, "-s", os.path.join(HERE, "bench-load.lua"), server.origin + path]
    pid = server.process.pid
    time.sleep(1)  # what the previous run left (closing connections) is done
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
    seconds = result["duration_us"] / 1e6
    non_2xx = sum(n for status, n in statuses.items() if not 200 <= status < 300)
    result.update(statuses=statuses, peak_mb=peak, peak_reset=reset, server_cpu=server_cpu, wrk_cpu=wrk_cpu,
                  database_cpu=database_cpu,
                  other_cpu=max(0.0, machine_cpu - server_cpu - wrk_cpu - (database_cpu or 0.0)),
                  wall=wall, connections=connections, rate=result["requests"] / seconds, non_2xx=non_2xx,
                  errors=non_2xx + result["connect"] + result["read"] + result["write"] + result["timeout"])
    return result


def ms(us):
    value = us / 1000
    return f"{value:.2f} ms" if value < 1 else f"{value:.1f} ms" if value < 100 else f"{value:,.0f} ms"


def report(backend, what, r):
    seconds = r["duration_us"] / 1e6
    log(f"{backend} {what}: {r['connections']} connections for {seconds:.1f} s: {r['requests']} requests, "
        f"{r['rate']:,.0f} requests/s")
    log(f"   errors: non-2xx {r['non_2xx']}, connect {r['connect']}, read {r['read']}, write {r['write']}, "
        f"timeouts (> {TIMEOUT}) {r['timeout']}")
    log(f"   answers by status: " + ", ".join(f"{s}: {n}" for s, n in sorted(r["statuses"].items())))
    log(f"   latency: p50 {ms(r['p50_us'])}, p90 {ms(r['p90_us'])}, p99 {ms(r['p99_us'])}, max {ms(r['max_us'])}"
        f" (answers within the timeout)")
    log(f"   server peak memory (VmHWM{'' if r['peak_reset'] else ' since start'}): {r['peak_mb']:.1f} MB")
    log(f"   CPU over the run: server {100 * r['server_cpu'] / r['wall']:.0f}%, wrk ({min(THREADS, r['connections'])} "
        f"threads) {100 * r['wrk_cpu'] / r['wall']:.0f}%, "
        + ("" if r["database_cpu"] is None else f"PostgreSQL {100 * r['database_cpu'] / r['wall']:.0f}%, ")
        + f"other processes {100 * r['other_cpu'] / r['wall']:.0f}% "
        f"(of {100 * os.cpu_count()}% on {os.cpu_count()} cores)")


def bench_load(backend, binary, workdir, results):
    database_url = crash.fresh_database(backend, workdir, "bench_load")
    server_log = os.path.join(workdir, "server.log")
    log(f"\n== {backend} load: {SEED} memories; first page at {', '.join(map(str, CONNECTIONS))} connections, "
        f"creation at {CREATE_CONNECTIONS}, each beside /healthz; {SECONDS} s per run, {THREADS} wrk threads "
        f"(database {database_url})")
    server = crash.Server(binary, database_url, os.path.join(workdir, "photos"), server_log)
    log(f"   server started: {proc_status(server.process.pid, 'VmRSS'):.1f} MB resident")
    server.sign_in(EMAIL)
    people, places = create_entities(server)
    seed(server, SEED, people, places)
    if backend == "postgres":
        vacuum(database_url)
    status, _, body = server.request("GET", PAGE)
    items = len(json.loads(body)["items"]) if status == 200 else 0
    if status != 200 or items != min(20, SEED):
        raise RuntimeError(f"the first page answered {status} with {items} items: {body[:300]!r}")
    log(f"   after seeding: {proc_status(server.process.pid, 'VmRSS'):.1f} MB resident, "
        f"peak so far {proc_status(server.process.pid, 'VmHWM'):.1f} MB")

    port = urllib.parse.urlsplit(database_url).port
    creating = {"LOAD_PEOPLE": ";".join(f"{i}={name}" for i, name in people),
                "LOAD_PLACES": ";".join(f"{i}={name}" for i, name in places)}
    # /healthz first, so that its peak memory is the HTTP stack's, not what the pages left.
    plan = [("healthz", "get", HEALTHZ, c) for c in sorted(set(CONNECTIONS + [CREATE_CONNECTIONS]))]
    plan += [("first page", "get", PAGE, c) for c in CONNECTIONS]
    plan += [("create", "create", CREATE, CREATE_CONNECTIONS)]
    runs, phases = results["runs"], []
    for what, mode, path, connections in plan:
        start = datetime.datetime.now(datetime.timezone.utc)
        result = run_wrk(server, mode, path, connections, port, creating if mode == "create" else None)
        phases.append((f"{what} at {connections}", start, datetime.datetime.now(datetime.timezone.utc)))
        runs[(what, connections)] = result
        report(backend, f"{what} ({'GET' if mode == 'get' else 'POST'} {path.split('?')[0]})", result)
    time.sleep(IDLE_SECONDS)
    results["idle_after_load_mb"] = proc_status(server.process.pid, "VmRSS")
    log(f"   {IDLE_SECONDS:g} s after the last run: {results['idle_after_load_mb']:.1f} MB resident "
        f"({resident_parts(server.process.pid)})")
    phases.append(("shutdown", datetime.datetime.now(datetime.timezone.utc), datetime.datetime.max.replace(
        tzinfo=datetime.timezone.utc) - datetime.timedelta(days=1)))
    server.stop()
    summarize_log(server_log, phases)


def healthz_answered(port):
    """Whether GET /healthz answers 200 now (a refused connection is a no)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(f"GET {HEALTHZ} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            return s.recv(64).startswith(b"HTTP/1.1 200 ")
    except OSError:
        return False


def bench_startup(backend, binary, workdir, results):
    """Seed a database of STARTUP_SEED memories, then time STARTUP_RUNS start-ups on it."""
    os.makedirs(os.path.join(workdir, "startup"))  # a SQLite database of its own
    database_url = crash.fresh_database(backend, os.path.join(workdir, "startup"), "bench_startup")
    storage = os.path.join(workdir, "startup-photos")
    server_log = os.path.join(workdir, "startup-server.log")
    log(f"\n== {backend} start-up: {STARTUP_RUNS} runs on {STARTUP_SEED} memories (database {database_url})")
    phases = [("seeding", datetime.datetime.now(datetime.timezone.utc), None)]
    server = crash.Server(binary, database_url, storage, server_log)
    server.sign_in(EMAIL)
    people, places = create_entities(server)
    # Not linked: on SQLite each linked create costs more the more links the user has (it reads
    # a memory's links through the user_id index), which would make this take tens of minutes;
    # starting up does not read links.
    seed(server, STARTUP_SEED, people, places, link=False)
    server.stop()
    crash.RUNNING.remove(server)
    phases[0] = phases[0][:2] + (datetime.datetime.now(datetime.timezone.utc),)

    phases.append(("start-up runs", datetime.datetime.now(datetime.timezone.utc), None))
    startups, idle = [], []
    for _ in range(STARTUP_RUNS):
        port = crash.free_port()
        with open(server_log, "ab") as output:
            # As bench-crash.py's Server starts it, but timed: it polls every 100 ms.
            started = time.monotonic()
            process = subprocess.Popen(
                [binary, "serve", "--listen", f"127.0.0.1:{port}", "--database-url", database_url,
                 "--storage-url", f"file://{storage}", "--log-format", "pretty"],
                stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, env={**os.environ, "NO_COLOR": "1"})
        try:
            while not healthz_answered(port):
                if process.poll() is not None:
                    raise RuntimeError(f"the server exited with status {process.returncode}; see {server_log}")
                if time.monotonic() - started > crash.READY_TIMEOUT:
                    raise RuntimeError(f"no 200 from /healthz within {crash.READY_TIMEOUT:.0f} s; see {server_log}")
                time.sleep(0.0005)
            startups.append((time.monotonic() - started) * 1000)
            time.sleep(1)
            idle.append(proc_status(process.pid, "VmRSS"))
            log(f"   first 200 from /healthz {startups[-1]:.1f} ms after the spawn; 1 s later "
                f"{idle[-1]:.1f} MB resident ({resident_parts(process.pid)}; peak "
                f"{proc_status(process.pid, 'VmHWM'):.1f} MB)")
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
            process.wait()
    phases[1] = phases[1][:2] + (datetime.datetime.now(datetime.timezone.utc),)
    results["startup_ms"] = startups
    results["startup_idle_mb"] = idle
    summarize_log(server_log, phases)


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


def ratio(value, ceiling):
    if not ceiling:
        return "n/a"
    r = value / ceiling
    return f"{r:.3f}×" if r < 0.0995 else f"{r:.2f}×" if r < 0.995 else f"{r:.1f}×" if r < 10 else f"{r:,.0f}×"


def goal(value, limit, unit):
    return f"goal under {limit} {unit}: " + ("met" if value < limit else "MISSED")


def summary_lines(backend, results):
    """The figures asked for, each beside /healthz's at the same connection count, and the goals."""
    runs = results.get("runs", {})
    lines = []
    for (what, connections), r in runs.items():
        if what == "healthz":
            continue
        h = runs[("healthz", connections)]
        label = "first page" if what == "first page" else "create (POST with-validation)"
        errors = f"errors {r['errors']}" + ("" if r["errors"] == 0 else " (MUST BE 0)")
        lines.append(
            f"{backend} {label} at {connections} connections: {r['rate']:,.0f} req/s = {ratio(r['rate'], h['rate'])} "
            f"healthz ({h['rate']:,.0f}); p50 {ms(r['p50_us'])} = {ratio(r['p50_us'], h['p50_us'])} healthz "
            f"({ms(h['p50_us'])}); p99 {ms(r['p99_us'])} = {ratio(r['p99_us'], h['p99_us'])} healthz "
            f"({ms(h['p99_us'])}); {errors} (healthz {h['errors']}); peak memory {r['peak_mb']:.1f} MB = "
            f"{ratio(r['peak_mb'], h['peak_mb'])} healthz ({h['peak_mb']:.1f} MB)")
    if results.get("startup_ms"):
        startup, idle = statistics.median(results["startup_ms"]), statistics.median(results["startup_idle_mb"])
        lines.append(
            f"{backend} start-up to the first 200 from /healthz on {STARTUP_SEED:,} memories: {startup:.1f} ms "
            f"(median of {len(results['startup_ms'])}, {min(results['startup_ms']):.1f} to "
            f"{max(results['startup_ms']):.1f}); {goal(startup, GOAL_STARTUP_MS, 'ms')}")
        lines.append(
            f"{backend} idle memory after start-up on {STARTUP_SEED:,} memories: {idle:.1f} MB (median, 1 s after "
            f"the first answer); {goal(idle, GOAL_IDLE_MB, 'MB')}")
    if "idle_after_load_mb" in results:
        lines.append(
            f"{backend} idle memory after the load runs ({IDLE_SECONDS:g} s after the last): "
            f"{results['idle_after_load_mb']:.1f} MB; {goal(results['idle_after_load_mb'], GOAL_IDLE_MB, 'MB')}")
    pages = [c for what, c in runs if what == "first page"]
    if pages:
        connections = GOAL_PEAK_CONNECTIONS if GOAL_PEAK_CONNECTIONS in pages else max(pages)
        peak = runs[("first page", connections)]["peak_mb"]
        note = ("" if connections == GOAL_PEAK_CONNECTIONS
                else f" (no run at {GOAL_PEAK_CONNECTIONS}: the goal is for {GOAL_PEAK_CONNECTIONS})")
        lines.append(f"{backend} peak memory at {connections} connections (first page): {peak:.1f} MB; "
                     f"{goal(peak, GOAL_PEAK_MB, 'MB')}{note}")
    return lines


def main():
    binary = crash.server_binary()
    ensure_wrk()
    failed = False
    summaries = {}
    for backend in crash.backends():
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-load-{backend}.")
        results = {"runs": {}}
        try:
            bench_load(backend, binary, workdir, results)
            if STARTUP_SEED > 0:
                bench_startup(backend, binary, workdir, results)
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
        summaries[backend] = summary_lines(backend, results)

    log(f"\n== load summary: wrk, {SECONDS} s per run, {THREADS} threads, {SEED:,} memories; each figure beside "
        f"the same one for GET /healthz at the same connection count (the HTTP stack's ceiling here); "
        f"memory in MB of 10^6 bytes")
    for backend, lines in summaries.items():
        for line in lines or [f"{backend}: did not run"]:
            log(line)
    log(startup_order_line(binary))
    sys.exit(1 if failed else 0)


def startup_order_line(binary):
    """How much of crates/server/startup.order (the functions of start-up, of a writer's session and
    of a small load, which the release link lays out together, see docs/constants.md) the binary
    still defines: when code changes leave names out, idle memory rises again, and
    `make startup-order` records them anew."""
    order = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "server", "startup.order")
    try:
        with open(order) as f:
            names = [line.strip() for line in f if line.strip() and not line.startswith("#")]
        out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        return f"start-up order: not checked ({error})"
    defined = {line.split()[-1] for line in out.splitlines() if line.strip()}
    found = sum(name in defined for name in names)
    return (f"start-up order (crates/server/startup.order): {found:,} of {len(names):,} functions found in the "
            f"binary; when many are missing, `make startup-order` records them anew")


if __name__ == "__main__":
    main()
