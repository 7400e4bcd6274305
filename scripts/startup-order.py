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
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "crates", "server", "startup.order"))
READY_TIMEOUT = 300  # seconds: under callgrind the server runs some 50 times slower


def log(message):
    print(message, file=sys.stderr, flush=True)


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answered(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def wait_ready(process, port):
    started = time.monotonic()
    while not answered(port, "/healthz"):
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        if time.monotonic() - started > READY_TIMEOUT:
            raise RuntimeError(f"no answer from /healthz within {READY_TIMEOUT} s")
        time.sleep(0.2)
    answered(port, "/readyz")


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_args(binary, port, database_url, storage):
    return [binary, "serve", "--listen", f"127.0.0.1:{port}", "--database-url", database_url,
            "--storage-url", f"file://{storage}"]


def database(backend, workdir):
    if backend == "sqlite":
        return f"sqlite://{workdir}/lifegraph.db?mode=rwc"
    postgres = os.environ["LIFEGRAPH_TEST_POSTGRES_URL"]
    name = f"startup_order_{os.getpid()}"
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", f"{postgres}/postgres", "-c", f"CREATE DATABASE {name}"],
                   check=True)
    return f"{postgres}/{name}"


def traced_functions(binary, backend, workdir):
    """Names of the functions callgrind saw run from the start of a restart to its first answers."""
    url = database(backend, workdir)
    storage = os.path.join(workdir, "photos")
    output = open(os.path.join(workdir, "server.log"), "ab")
    port = free_port()
    first = subprocess.Popen(serve_args(binary, port, url, storage), stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_ready(first, port)
    finally:
        stop(first)
    profile = os.path.join(workdir, "callgrind.out")
    port = free_port()
    traced = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"]
                              + serve_args(binary, port, url, storage), stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_ready(traced, port)
        time.sleep(1)
        # The dump covers start-up and the first answers, not the shutdown that follows.
        subprocess.run(["callgrind_control", "--dump", str(traced.pid)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dumps = []
        for _ in range(100):
            dumps = glob.glob(profile + ".*")
            if dumps:
                break
            time.sleep(0.2)
        time.sleep(1)
    finally:
        stop(traced)
    if not dumps:
        raise RuntimeError("callgrind wrote no dump")
    names = set()
    compressed = {}
    for line in open(dumps[0], errors="replace"):
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
    backends = ["sqlite"] + (["postgres"] if os.environ.get("LIFEGRAPH_TEST_POSTGRES_URL") else [])
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
