#!/usr/bin/env python3
"""Where a page's and a search's time goes: a CPU profile of the release server under load.

    scripts/bench-profile.py <server binary>

For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does), on a journal of PROFILE_SEED memories (default 10,000; seeded
through the API as scripts/bench-load.py does: ~1 KB each, naming two of 6 people and one of 4
places, all linked), each request below is sent by wrk from PROFILE_CONNECTIONS connections
(default 1: one user's latency, nothing queued) for PROFILE_SECONDS (default 10) while
`perf record` samples the server process (PROFILE_HZ a second, default 1,999, with DWARF call
chains):
  the first page    GET /api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc
  a rare string     GET /api/memories?pageSize=20&search=(4285)      (one memory's title)
  a common word     GET /api/memories?pageSize=20&search=bakery      (every memory)

For each it prints requests/s and the latency wrk saw, the CPU time per request of the server, of
PostgreSQL's processes and of wrk (from /proc), and the server's samples grouped by what was
running: each sample goes to the first of its frames, from the innermost outwards, that belongs
to a known part (the SQLite engine, the database driver sqlx, JSON, HTTP, the async runtime,
Lifegraph's own code, the allocator, the kernel); a sample in none of them (memcpy, say) goes to
its caller's part. Then the leaf functions that took the most samples, and Lifegraph's own
functions by the share of samples they were on the stack of (inclusive).

perf is Debian's linux-perf, installed when missing. Samples are of the CPU clock (software), so
it works where the hardware counters are not offered. The work folder (databases, server log,
perf data) is removed at the end unless BENCH_KEEP=1.

Exit status: 0 when every profile could be taken, else 1.
"""

import collections
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = int(os.environ.get("PROFILE_SEED", "10000"))
SECONDS = int(os.environ.get("PROFILE_SECONDS", "10"))
CONNECTIONS = int(os.environ.get("PROFILE_CONNECTIONS", "1"))
HZ = int(os.environ.get("PROFILE_HZ", "1999"))
EMAIL = "profile-bench@example.com"
REQUESTS = (
    ("first page", "/api/memories?pageSize=20&sortBy=eventDate&sortOrder=desc"),
    # Each seeded title ends with its number in brackets: this one is in one memory's title only.
    ("search, a rare string", f"/api/memories?pageSize=20&search=%28{SEED * 3 // 7}%29"),
    ("search, a common word", "/api/memories?pageSize=20&search=bakery"),
)
# The parts a sample is given to, tried on each frame from the innermost outwards; the first
# pattern that matches the frame's symbol (or, for the kernel, its object) names the part.
PARTS = (
    ("kernel (system calls, network)", re.compile(r"^\[kernel|^entry_SYSCALL|^__x64_sys_|^do_syscall")),
    ("allocator", re.compile(r"^(__libc_)?(malloc|free|realloc|calloc|cfree)$|^_int_(malloc|free|realloc)|"
                             r"^malloc_consolidate|^alloc::alloc::|^__rust_(alloc|dealloc|realloc)|^__rdl_")),
    ("SQLite engine", re.compile(r"^sqlite3|^fts5|^trigram|^vdbe|^btree", re.I)),
    ("database driver (sqlx)", re.compile(r"^(<)?sqlx(_core|_sqlite|_postgres)?::|^<sqlx")),
    ("JSON (serde_json)", re.compile(r"serde_json::|^<serde_json|serde::ser|serde::de")),
    ("HTTP (hyper, axum, tower)", re.compile(r"^(<)?(hyper|hyper_util|axum|axum_core|tower|tower_http|http|httparse|"
                                             r"h2|tower_cookies|cookie)::")),
    ("Lifegraph's own code", re.compile(r"^(<)?lifegraph(_extract)?::")),
    ("async runtime (tokio)", re.compile(r"^(<)?tokio::")),
    ("tracing", re.compile(r"^(<)?tracing(_core|_subscriber)?::")),
)

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
_spec = importlib.util.spec_from_file_location("bench_load", os.path.join(HERE, "bench-load.py"))
load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load)
crash, log = load.crash, load.log


def ensure_perf():
    if shutil.which("perf"):
        return
    log("perf is not installed; installing Debian's linux-perf package...")
    subprocess.run(["apt-get", "update", "-q"], check=True, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "-q", "linux-perf"], check=True, capture_output=True)


def stacks(perf_data):
    """Each sample's frames, innermost first, as (symbol, object) pairs."""
    out = subprocess.run(["perf", "script", "-i", perf_data, "-F", "ip,sym,dso", "--no-inline"],
                         capture_output=True, text=True, errors="replace")
    sample = []
    for line in out.stdout.splitlines() + [""]:
        line = line.strip()
        if not line:
            if sample:
                yield sample
            sample = []
            continue
        # "7f1a2b3c sqlite3VdbeExec+0x1a2 (/path/lifegraph)"
        match = re.match(r"^[0-9a-f]+\s+(.*?)(?:\+0x[0-9a-f]+)?\s+\((.*)\)$", line)
        if match:
            symbol, dso = match.groups()
            sample.append((symbol if symbol != "[unknown]" else f"[unknown in {os.path.basename(dso)}]", dso))


def part_of(frame):
    symbol, dso = frame
    if dso.startswith("[kernel"):
        return PARTS[0][0]
    for name, pattern in PARTS:
        if pattern.search(symbol):
            return name
    return None


def own_function(symbol):
    """A Lifegraph function's readable name: its path without the hash and generic arguments."""
    symbol = re.sub(r"::h[0-9a-f]{16}$", "", symbol)
    symbol = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", symbol))
    return symbol.lstrip("<")


def analyse(perf_data):
    """Samples by part, by leaf function, by Lifegraph function on the stack, and the kernel's by
    where in user space they entered it."""
    parts, leaves, own, entries = (collections.Counter() for _ in range(4))
    total = 0
    for sample in stacks(perf_data):
        total += 1
        leaves[sample[0][0]] += 1
        part = next((p for p in map(part_of, sample) if p), "other (libc, unresolved)")
        parts[part] += 1
        for name in {own_function(s) for s, _ in sample if PARTS[6][1].search(s)}:
            own[name] += 1
        if part == PARTS[0][0]:
            user = [frame for frame in sample if part_of(frame) != PARTS[0][0]]
            known = next((p for p in map(part_of, user) if p), "unresolved")
            entries[f"{known}: {own_function(user[0][0]) if user else '?'}"] += 1
    return total, parts, leaves, own, entries


def cpu_per_request(result):
    per = lambda seconds: f"{1e6 * seconds / max(result['requests'], 1):,.0f} µs"
    return (f"server {per(result['server_cpu'])}"
            + ("" if result["database_cpu"] is None else f", PostgreSQL {per(result['database_cpu'])}")
            + f", wrk {per(result['wrk_cpu'])}")


def profile(backend, server, label, path, workdir, postgres_port):
    """Figures of the request without perf, then its profile under perf."""
    load.SECONDS, load.THREADS = SECONDS, 1
    log(f"\n-- {backend}, {label}: GET {urllib.parse.unquote(path)}")
    plain = load.run_wrk(server, "get", path, CONNECTIONS, postgres_port)
    log(f"   {CONNECTIONS} connection(s) for {plain['duration_us'] / 1e6:.0f} s: {plain['rate']:,.0f} requests/s, "
        f"p50 {load.ms(plain['p50_us'])}, p99 {load.ms(plain['p99_us'])}, errors {plain['errors']}")
    log(f"   CPU per request: {cpu_per_request(plain)}")
    data = os.path.join(workdir, f"perf-{backend}-{len(os.listdir(workdir))}.data")
    recorder = subprocess.Popen(["perf", "record", "-q", "-F", str(HZ), "-e", "cpu-clock", "--call-graph",
                                 "dwarf,16384", "-p", str(server.process.pid), "-o", data],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1)  # perf is attached
    traced = load.run_wrk(server, "get", path, CONNECTIONS, postgres_port)
    recorder.send_signal(2)
    _, error = recorder.communicate(timeout=120)
    if recorder.returncode not in (0, -2):
        raise RuntimeError(f"perf record failed ({recorder.returncode}): {error.decode(errors='replace')[-500:]}")
    log(f"   under perf: {traced['rate']:,.0f} requests/s, p50 {load.ms(traced['p50_us'])}; CPU per request: "
        f"{cpu_per_request(traced)}")
    total, parts, leaves, own, entries = analyse(data)
    if not total:
        raise RuntimeError("perf recorded no sample of the server")
    show = lambda counter, n: [log(f"      {100 * c / total:5.1f}%  {what[:150]}") for what, c in counter.most_common(n)]
    log(f"   the server's {total:,} samples by part (each to its innermost known frame):")
    show(parts, len(parts))
    log("   the kernel's samples by the part and function that entered it:")
    show(entries, 8)
    log("   leaf functions with the most samples:")
    show(leaves, 12)
    log("   Lifegraph's own functions, by the share of samples they were on the stack of:")
    show(own, 12)


def bench_backend(backend, binary, workdir):
    database_url = crash.fresh_database(backend, workdir, "bench_profile")
    server = crash.Server(binary, database_url, os.path.join(workdir, "photos"), os.path.join(workdir, "server.log"))
    log(f"\n== {backend}: {SEED:,} memories, {HZ} samples/s, {SECONDS} s a request (database {database_url})")
    server.sign_in(EMAIL)
    people, places = load.create_entities(server)
    load.seed(server, SEED, people, places)
    if backend == "postgres":
        load.vacuum(database_url)
    port = urllib.parse.urlsplit(database_url).port if backend == "postgres" else None
    for label, path in REQUESTS:
        status, _, body = server.request("GET", path)
        if status != 200 or not json.loads(body)["items"]:
            raise RuntimeError(f"GET {path} answered {status}: {body[:300]!r}")
        profile(backend, server, label, path, workdir, port)
    server.stop()


def main():
    binary = crash.server_binary()
    load.ensure_wrk()
    ensure_perf()
    failed = False
    for backend in crash.backends():
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-profile-{backend}.")
        try:
            bench_backend(backend, binary, workdir)
            if os.environ.get("BENCH_KEEP") != "1":
                shutil.rmtree(workdir, ignore_errors=True)
        except Exception as error:
            failed = True
            log(f"{backend}: the profile could not be taken: {type(error).__name__}: {error}; kept {workdir}")
        finally:
            for server in crash.RUNNING:
                if server.process.poll() is None:
                    server.kill()
            crash.RUNNING.clear()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
