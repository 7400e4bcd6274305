#!/usr/bin/env python3
"""Writes crates/server/startup.order: the functions the release server runs from its start to
its first answers, which crates/server/build.rs hands to the linker so that they sit together at
the front of the program's code.

    scripts/startup-order.py <release server binary> [<order file>]

Why: the kernel maps a program's code in as it runs, 64 KB around each page touched. The functions
a server runs at start-up (configuration, pools, migrations check, router, the first requests) are
a tenth of its code, but left where the compiler put them they are spread over all of it, so an
idle server kept most of its 23 MB of code resident. Laid out together, they take a few megabytes.

How: the binary is started under Valgrind's callgrind, which records every function that runs.
For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does) the server is started once untraced on a new database (which
creates its tables), then again under callgrind on that database, as a server restarts on its
own data; once it answers GET /healthz and GET /readyz, the profile is dumped and the server
stopped. The names kept are those of functions defined in the binary (from `nm`), sorted, so
that the file changes only when the code does.

Rerun it after changes that add start-up code or new dependencies: names the linker no longer
finds are skipped silently (the build still links), and the idle memory that `make bench`
prints rises again. Needs valgrind (Debian's package) and nm (binutils).
"""

import glob
import importlib.util
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


def traced_functions(binary, backend, workdir):
    """Names of the functions callgrind saw run from the start of a restart to its first answers."""
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
        # The dump covers start-up and the first answers, not the shutdown that follows.
        subprocess.run(["callgrind_control", "--dump", str(traced.process.pid)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dumps = []
        for _ in range(100):
            dumps = glob.glob(profile + ".*")
            if dumps:
                break
            time.sleep(0.2)
        time.sleep(1)  # let callgrind finish writing it
    finally:
        traced.stop()
        crash.RUNNING.clear()
    if not dumps:
        raise RuntimeError(f"callgrind wrote no dump; see {server_log}")
    # callgrind names a function once, then refers to it by number: "fn=(12) name", "cfn=(12)".
    names = set()
    compressed = {}
    with open(dumps[0], errors="replace") as f:
        for line in f:
            match = re.match(r"c?fn=\((\d+)\)(?: (\S+))?$", line.strip())
            if match:
                number, name = match.groups()
                if name:
                    compressed[number] = name
                names.add(compressed.get(number))
    names.discard(None)
    return names


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
    for tool in ("valgrind", "callgrind_control", "nm"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: apt-get install valgrind binutils")
    backends = crash.backends()
    sizes = code_symbols(binary)
    ran = set()
    for backend in backends:
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-startup-order-{backend}.")
        names = traced_functions(binary, backend, workdir) & sizes.keys()
        log(f"{backend}: {len(names):,} functions, {sum(sizes[n] for n in names) / 1e6:.2f} MB of code, "
            f"run from start to the first answers")
        ran |= names
        shutil.rmtree(workdir, ignore_errors=True)
    with open(out, "w") as f:
        f.write("# Written by scripts/startup-order.py: the functions the release server runs at start-up\n")
        f.write(f"# ({', '.join(backends)}), laid out first by the linker (crates/server/build.rs). Do not edit.\n")
        for name in sorted(ran):
            f.write(name + "\n")
    log(f"{out}: {len(ran):,} functions, {sum(sizes[n] for n in ran) / 1e6:.2f} MB of the binary's "
        f"{sum(sizes.values()) / 1e6:.1f} MB of code")


if __name__ == "__main__":
    main()
