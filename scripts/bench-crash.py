#!/usr/bin/env python3
"""Kill -9 durability benchmark: is every memory the server acknowledged still there after a crash?

    scripts/bench-crash.py <server binary>

For each back end (SQLite always; PostgreSQL too when LIFEGRAPH_TEST_POSTGRES_URL is set, as
scripts/with-postgres.sh does), on one database kept across rounds:
  1. start the server, sign in (always the same e-mail, so the same user), and check that every
     memory acknowledged in earlier rounds is still listed;
  2. run CRASH_WRITERS threads (default 8) creating memories as fast as they can, each
     remembering the id and title of every memory answered 201;
  3. after CRASH_SECONDS (default 5), SIGKILL the server while requests are in flight.
After CRASH_ROUNDS rounds (default 3) the server is started once more to check the last round.

A request that was sent but not answered when the server died may or may not have been
committed: it is reported ("in flight"), with how many of those did land, but never counted
as lost. Every other answer than 201 is an error, counted by status with the server's message,
and the server log lines at WARN or ERROR level are printed.

This kills the server process, not the machine: it checks that nothing the server acknowledged
was only in its own memory (an unflushed buffer, a commit not yet made), not that the disk
flushes are right (that needs a power cut, which SQLite's synchronous=FULL is for).

The work folder (database, server log) is kept when something was lost or with BENCH_KEEP=1.

Exit status: 1 when any acknowledged memory is missing (or the run could not be done), else 0.
"""

import collections
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

WRITERS = int(os.environ.get("CRASH_WRITERS", "8"))
SECONDS = float(os.environ.get("CRASH_SECONDS", "5"))
ROUNDS = int(os.environ.get("CRASH_ROUNDS", "3"))
EMAIL = "crash-bench@example.com"
COOKIE = "lifegraph_session"
READY_TIMEOUT = 120.0
RUNNING = []  # servers started here, killed on the way out whatever happens


def log(message):
    print(message, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One server process, its output appended to a log file; `wrapper` runs it under another
    program (scripts/startup-order.py: Valgrind), given `ready_timeout` seconds to get ready."""

    def __init__(self, binary, database_url, storage_dir, log_path, wrapper=(), ready_timeout=None):
        ready_timeout = ready_timeout or READY_TIMEOUT
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.log_start = os.path.getsize(log_path) if os.path.exists(log_path) else 0
        self.log_file = open(log_path, "ab")
        self.process = subprocess.Popen(
            [*wrapper, binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--database-url", database_url,
             "--storage-url", f"file://{storage_dir}", "--log-format", "pretty"],
            stdin=subprocess.DEVNULL, stdout=self.log_file, stderr=subprocess.STDOUT,
            env={**os.environ, "NO_COLOR": "1"},
        )
        RUNNING.append(self)
        self.cookie = None
        deadline = time.monotonic() + ready_timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.process.returncode}; see {log_path}")
            try:
                status, _, _ = self.request("GET", "/readyz", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server was not ready within {ready_timeout:.0f} s; see {log_path}")
            time.sleep(0.1)

    def connection(self, timeout=30):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def headers(self, extra=None):
        headers = {"Origin": self.origin}
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        headers.update(extra or {})
        return headers

    def request(self, method, path, body=None, headers=None, timeout=30):
        conn = self.connection(timeout)
        try:
            conn.request(method, path, body=body, headers=self.headers(headers))
            response = conn.getresponse()
            return response.status, response.headers, response.read()
        finally:
            conn.close()

    def sign_in(self, email):
        """The local sign-in of DESIGN.md: /api/login redirects to the form, which sets the cookie."""
        status, headers, _ = self.request("GET", "/api/login?redirect=/")
        location = headers.get("Location", "")
        if status not in (302, 303, 307) or not urllib.parse.urlsplit(location).path.endswith("/auth/local"):
            raise RuntimeError(f"GET /api/login answered {status} to {location!r}, not the local sign-in")
        form = urllib.parse.urlencode({"email": email, "firstName": "Crash", "lastName": "Bench", "redirect": "/"})
        status, headers, body = self.request(
            "POST", "/auth/local", body=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
        for value in headers.get_all("Set-Cookie") or []:
            match = re.match(rf"\s*{COOKIE}=([^;]*)", value)
            if match and match.group(1):
                self.cookie = match.group(1)
        if status != 303 or not self.cookie:
            raise RuntimeError(f"POST /auth/local answered {status} without a session cookie: {body[:200]!r}")

    def all_memories(self):
        status, _, body = self.request("GET", "/api/memories", timeout=300)
        if status != 200:
            raise RuntimeError(f"GET /api/memories answered {status}: {body[:300]!r}")
        return {item["id"]: item["title"] for item in json.loads(body)}

    def kill(self):
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.log_file.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process.wait()
        self.log_file.close()

    def new_log_lines(self):
        with open(self.log_path, "rb") as f:
            f.seek(self.log_start)
            return f.read().decode("utf-8", "replace").splitlines()


class Writers:
    """WRITERS threads creating memories until the server dies."""

    def __init__(self, server, label):
        self.server = server
        self.label = label
        self.lock = threading.Lock()
        self.acknowledged = {}  # id -> title
        self.in_flight = []  # titles sent but never answered: the server died under them
        self.errors = collections.Counter()  # "HTTP 500: message" or "socket: ..."
        self.killed = threading.Event()
        self.threads = [threading.Thread(target=self.write, args=(i,), daemon=True) for i in range(WRITERS)]

    def write(self, writer):
        conn = self.server.connection()
        n = 0
        while not self.killed.is_set():
            n += 1
            title = f"{self.label} writer {writer} #{n}"
            body = json.dumps({
                "title": title,
                "content": f"Crash test memory {n} from writer {writer}: a walk in Paris with Marie.",
                "eventDate": f"20{10 + n % 15:02d}-{1 + n % 12:02d}-{1 + n % 28:02d}",
            })
            try:
                conn.request("POST", "/api/memories/with-validation", body=body,
                             headers=self.server.headers({"Content-Type": "application/json"}))
                response = conn.getresponse()
                payload = response.read()
            except ConnectionRefusedError:
                conn.close()
                if self.killed.is_set():
                    return  # never reached the dead server
                with self.lock:
                    self.errors["socket: connection refused"] += 1
                continue
            except (OSError, http.client.HTTPException) as error:
                conn.close()
                with self.lock:
                    if self.killed.is_set():
                        self.in_flight.append(title)
                        return
                    self.errors[f"socket: {type(error).__name__}: {error}"] += 1
                continue
            with self.lock:
                if response.status == 201:
                    self.acknowledged[json.loads(payload)["memory"]["id"]] = title
                else:
                    try:
                        message = json.loads(payload).get("message", "")
                    except ValueError:
                        message = payload[:200].decode("utf-8", "replace")
                    self.errors[f"HTTP {response.status}: {message}"] += 1

    def run(self, seconds):
        for thread in self.threads:
            thread.start()
        time.sleep(seconds)
        self.killed.set()
        self.server.kill()
        for thread in self.threads:
            thread.join(timeout=60)


def verify(server, acknowledged):
    """Acknowledged memories that are missing, or listed with another title."""
    listed = server.all_memories()
    missing = [i for i, title in acknowledged.items() if listed.get(i) != title]
    return missing, listed


def bench_backend(name, binary, database_url, workdir):
    storage = os.path.join(workdir, "photos")
    server_log = os.path.join(workdir, "server.log")
    acknowledged = {}
    in_flight_titles = []
    totals = collections.Counter()
    errors = collections.Counter()
    lost_ids = []
    log(f"\n== {name}: {ROUNDS} rounds of {WRITERS} writers for {SECONDS:g} s, then kill -9 "
        f"(database {database_url})")

    def check(server, previous_round):
        missing, listed = verify(server, acknowledged)
        titles = set(listed.values())
        landed = sum(1 for t in previous_round if t in titles)
        lost_ids.extend(missing)
        return missing, landed

    pending_in_flight = []
    for round_no in range(1, ROUNDS + 1):
        server = Server(binary, database_url, storage, server_log)
        server.sign_in(EMAIL)
        if round_no > 1:
            missing, landed = check(server, pending_in_flight)
            log(f"   after restart: {len(acknowledged)} acknowledged so far, missing {len(missing)}; "
                f"in flight at the kill and committed anyway: {landed} of {len(pending_in_flight)}")
            totals["landed"] += landed
        writers = Writers(server, f"{name} round {round_no}")
        started = time.monotonic()
        writers.run(SECONDS)
        elapsed = time.monotonic() - started
        acknowledged.update(writers.acknowledged)
        pending_in_flight = writers.in_flight
        in_flight_titles.extend(writers.in_flight)
        errors.update(writers.errors)
        totals["acknowledged"] += len(writers.acknowledged)
        totals["in_flight"] += len(writers.in_flight)
        error_count = sum(writers.errors.values())
        log(f"round {round_no}: acknowledged {len(writers.acknowledged)} "
            f"({len(writers.acknowledged) / elapsed:.0f}/s), in flight when killed {len(writers.in_flight)}, "
            f"errors {error_count}")
        for what, count in writers.errors.most_common():
            log(f"   {count} x {what}")

    server = Server(binary, database_url, storage, server_log)
    server.sign_in(EMAIL)
    missing, landed = check(server, pending_in_flight)
    totals["landed"] += landed
    log(f"   after restart: {len(acknowledged)} acknowledged in all, missing {len(missing)}; "
        f"in flight at the kill and committed anyway: {landed} of {len(pending_in_flight)}")
    server.stop()

    problems = [line for line in open(server_log, encoding="utf-8", errors="replace")
                if re.search(r"\b(WARN|ERROR)\b", line)]
    if problems:
        log(f"   server log: {len(problems)} WARN/ERROR lines ({server_log}); distinct ones:")
        seen = collections.Counter(re.sub(r"^\S+\s+", "", re.sub(r"\x1b\[[0-9;]*m", "", l)).strip()
                                   for l in problems)
        for line, count in seen.most_common(10):
            log(f"   {count} x {line[:400]}")
    else:
        log("   server log: no WARN or ERROR lines")

    lost = len(set(lost_ids))
    error_total = sum(errors.values())
    log(f"{name}: acknowledged writes: {totals['acknowledged']}, in flight when killed: {totals['in_flight']} "
        f"(committed anyway: {totals['landed']}), errors: {error_total}, lost: {lost}")
    if lost:
        log(f"{name}: LOST acknowledged memories, e.g. ids {sorted(set(lost_ids))[:20]}")
    return lost


def server_binary():
    """The server binary named on the command line (shared with bench-load.py)."""
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} <server binary>")
    binary = os.path.abspath(sys.argv[1])
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is not an executable server binary")
    return binary


def backends():
    """SQLite always; PostgreSQL too under scripts/with-postgres.sh."""
    if os.environ.get("LIFEGRAPH_TEST_POSTGRES_URL"):
        return ["sqlite", "postgres"]
    log("LIFEGRAPH_TEST_POSTGRES_URL is not set: SQLite only (run under scripts/with-postgres.sh for both)")
    return ["sqlite"]


def fresh_database(backend, workdir, name):
    """The URL of a new, empty database for one back end."""
    if backend == "sqlite":
        return f"sqlite://{workdir}/lifegraph.db"
    postgres = os.environ["LIFEGRAPH_TEST_POSTGRES_URL"]
    database = f"{name}_{os.getpid()}"
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", f"{postgres}/postgres", "-c",
                    f"CREATE DATABASE {database}"], check=True)
    return f"{postgres}/{database}"


def main():
    binary = server_binary()
    results = {}
    failed = False
    for backend in backends():
        workdir = tempfile.mkdtemp(prefix=f"lifegraph-crash-{backend}.")
        url = fresh_database(backend, workdir, "bench_crash")
        try:
            results[backend] = bench_backend(backend, binary, url, workdir)
        except Exception as error:  # report and go on with the next back end
            log(f"{backend}: the benchmark could not run: {type(error).__name__}: {error}")
            results[backend] = None
        finally:
            for server in RUNNING:
                if server.process.poll() is None:
                    server.kill()
            RUNNING.clear()
        if results[backend] == 0 and os.environ.get("BENCH_KEEP") != "1":
            subprocess.run(["rm", "-rf", workdir], check=False)
        else:
            failed = True
            log(f"{backend}: kept {workdir} (database and server log)")

    log("\n== kill -9 durability summary")
    for backend, lost in results.items():
        log(f"{backend}: " + ("did not run" if lost is None else f"lost: {lost}"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
