#!/usr/bin/env python3
"""Writes crates/server/startup.order: the functions the release server runs from its start to
its first answers, then those a writer's session and a small load run besides, which
crates/server/build.rs hands to the linker so that they sit together, in that order, at the front
of the program's code.

    scripts/startup-order.py <release server binary> [<order file>]

Why: the kernel maps a program's code in as it runs, 64 KB around each page touched. The functions
a server runs at start-up (configuration, pools, migrations check, router, the first requests) are
a tenth of its code, but left where the compiler put them they are spread over all of it, so an
idle server kept most of its 23 MB of code resident. Laid out together, they take a few megabytes.

How: the binary is started under Valgrind's callgrind, which records every function that runs.
For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does) the server is started once untraced on a new database (which
creates its tables), then again under callgrind on that database, as a server restarts on its
own data; once it answers GET /healthz and GET /readyz, the profile is dumped; then a writer's
session runs (`busy`: the pages the web app opens first, entities, a memory written and checked
for entities, the list sorted both ways and searched, the graph, the timeline) and, on a small
scale, the load `make bench` puts on it (`load`: many connections at once, through wrk); the
profile is dumped again, and the server stopped. Under load the same request paths run, so an
idle server that has served keeps them, not the whole program, resident. The names kept are
those of functions defined in the binary (from `nm`), sorted within each part, so that the file
changes only when the code does.

Rerun it after changes to start-up or to those requests, or new dependencies: names the linker
no longer finds are skipped silently (the build still links), and the idle memory that `make bench`
prints rises again. Needs valgrind, wrk (Debian's packages) and nm (binutils).
"""

import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "crates", "server", "startup.order"))
TRACED_READY_TIMEOUT = 300  # seconds: under callgrind the server runs some 50 times slower

# The server handling (databases, start, stop) is bench-crash.py's.
sys.dont_write_bytecode = True  # no __pycache__ in scripts/
_spec = importlib.util.spec_from_file_location("bench_crash", os.path.join(HERE, "bench-crash.py"))
crash = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(crash)
log = crash.log
# The load that `make bench` puts on a server is bench-load.py's.
_spec = importlib.util.spec_from_file_location("bench_load", os.path.join(HERE, "bench-load.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def busy(server):
    """A writer's session: the pages the web app opens first, two entities, a memory written and
    checked for entities, the list (both sorts, a search), the memory, the graph and timeline."""
    server.sign_in("order@example.com")
    json_headers = {"Content-Type": "application/json"}

    def ask(method, path, body=None, expect=200):
        status, _, payload = server.request(method, path, body=None if body is None else json.dumps(body),
                                            headers=json_headers if body is not None else None, timeout=300)
        if status != expect:
            raise RuntimeError(f"{method} {path} answered {status}, not {expect}: {payload[:200]!r}")
        return json.loads(payload) if payload else None

    for path in ("/api/auth/me", "/api/client-config", "/api/dashboard/stats", "/api/notifications/unread-count",
                 "/api/tutorial/should-show-banner"):
        ask("GET", path)
    person = ask("POST", "/api/entities", {"name": "Hortense Vidal", "type": "person"}, 201)
    place = ask("POST", "/api/entities", {"name": "Lisbon", "type": "location"}, 201)
    memory = ask("POST", "/api/memories/with-validation", {
        "title": "A walk in Lisbon", "eventDate": "2024-05-02", "entities": [person["id"], place["id"]],
        "content": "Hortense and I walked up to the castle in Lisbon; I felt happy with my new camera."}, 201)
    for query in ("sortBy=eventDate&sortOrder=desc", "sortBy=createdAt&sortOrder=desc", "search=castle"):
        ask("GET", f"/api/memories?pageSize=20&{query}")
    ask("GET", f"/api/memories/{memory['memory']['id']}")
    for path in ("/api/entities", "/api/graph", "/api/timeline"):
        ask("GET", path)


def load(server):
    """What `make bench` does to a server besides (scripts/bench-load.py), with its own code, on a
    small scale: memories created from several connections at once, then wrk's keep-alive
    connections asking for /healthz, for the first page, and creating memories. Many connections
    at once run code that one at a time does not (waiting for a pooled connection, or for SQLite's
    write lock), and it stays resident after every burst."""
    people, places = bench.create_entities(server)
    bench.seed(server, 40, people, places)
    creating = {"LOAD_PEOPLE": ";".join(f"{i}={name}" for i, name in people),
                "LOAD_PLACES": ";".join(f"{i}={name}" for i, name in places)}
    bench.SECONDS, bench.TIMEOUT = 5, "60s"  # under callgrind a request takes some 50 times longer
    for mode, path, connections in (("get", bench.HEALTHZ, 8), ("get", bench.PAGE, 16), ("create", bench.CREATE, 8)):
        result = bench.run_wrk(server, mode, path, connections, extra_env=creating if mode == "create" else None)
        log(f"   {mode} {path.split('?')[0]} at {connections} connections: {result['requests']} requests, "
            f"{result['errors']} errors")


def dump(server, profile, count):
    """Have callgrind write what ran since the last dump (counters restart at each) and wait until
    dump number `count` is there."""
    subprocess.run(["callgrind_control", "--dump", str(server.process.pid)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        dumps = sorted(glob.glob(profile + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        if len(dumps) >= count:
            time.sleep(1)  # let callgrind finish writing it
            return dumps[count - 1]
        time.sleep(0.2)
    raise RuntimeError(f"callgrind wrote no dump number {count}; see {server.log_path}")


def functions_in(dump_file):
    """The names of the functions a callgrind dump saw run."""
    # callgrind names a function once, then refers to it by number: "fn=(12) name", "cfn=(12)".
    names = set()
    compressed = {}
    with open(dump_file, errors="replace") as f:
        for line in f:
            match = re.match(r"c?fn=\((\d+)\)(?: (\S+))?$", line.strip())
            if match:
                number, name = match.groups()
                if name:
                    compressed[number] = name
                names.add(compressed.get(number))
    names.discard(None)
    return names


def traced_functions(binary, backend, workdir):
    """Names of the functions callgrind saw run: from the start of a restart to its first answers,
    then in a writer's session and a small load (`busy`, `load`)."""
    url = crash.fresh_database(backend, workdir, "startup_order")
    storage = os.path.join(workdir, "photos")
    server_log = os.path.join(workdir, "server.log")
    crash.Server(binary, url, storage, server_log).stop()  # creates the tables
    profile = os.path.join(workdir, "callgrind.out")
    valgrind = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"]
    traced = crash.Server(binary, url, storage, server_log, wrapper=valgrind, ready_timeout=TRACED_READY_TIMEOUT)
    try:
        traced.request("GET", "/healthz")
        time.sleep(1)
        # Each dump covers what ran since the one before, not the shutdown that follows.
        startup = dump(traced, profile, 1)
        busy(traced)
        load(traced)
        # Past IDLE_AFTER (crates/server/src/idle.rs, 2 s), so that what an idle server runs after
        # a burst (closing connections, emptying a page cache) is in the session too.
        time.sleep(5)
        session = dump(traced, profile, 2)
        return functions_in(startup), functions_in(session)
    finally:
        traced.stop()
        crash.RUNNING.clear()


def code_symbols(binary):
    """Function symbols defined in the binary's code, with their sizes."""
    out = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    out = sys.argv[2] if len(sys.argv) == 3 else DEFAULT_OUT
    for tool in ("valgrind", "callgrind_control", "nm", "wrk"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: apt-get install valgrind binutils wrk")
    backends = crash.backends()
    sizes = code_symbols(binary)
    startup, session = set(), set()
    for backend in backends:
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-startup-order-{backend}.")
        started, served = (names & sizes.keys() for names in traced_functions(binary, backend, workdir))
        log(f"{backend}: {len(started):,} functions, {sum(sizes[n] for n in started) / 1e6:.2f} MB of code, "
            f"run from start to the first answers; {len(served - started):,} more, "
            f"{sum(sizes[n] for n in served - started) / 1e6:.2f} MB, in a writer's session and a small load")
        startup |= started
        session |= served
        shutil.rmtree(workdir, ignore_errors=True)
    session -= startup
    with open(out, "w") as f:
        f.write("# Written by scripts/startup-order.py: the functions the release server runs at start-up\n")
        f.write(f"# ({', '.join(backends)}), then those a writer's session and a small load run besides, laid out\n")
        f.write("# in this order by the linker (crates/server/build.rs). Do not edit.\n")
        for name in sorted(startup) + sorted(session):
            f.write(name + "\n")
    log(f"{out}: {len(startup):,} + {len(session):,} functions, {sum(sizes[n] for n in startup) / 1e6:.2f} + "
        f"{sum(sizes[n] for n in session) / 1e6:.2f} MB of the binary's {sum(sizes.values()) / 1e6:.1f} MB of code")


if __name__ == "__main__":
    main()
