#!/usr/bin/env python3
"""Archive benchmark: a writer's full archive (GET /api/users/{id}/archive, a zip written while it
is sent) for a large journal, and the server's resident memory while it sends it. Issue 14's
figure: a writer with 10,000 memories and 2 GB of photos exports without the server holding the
archive in memory.

    scripts/bench-archive.py <server binary>

SQLite only; photos in a local folder (file://<work folder>/photos).

Seeding: one writer signs in through the local sign-in; ARCHIVE_MEMORIES photos (default 10,000)
of ARCHIVE_PHOTO_BYTES each (default 200,000, so 2 GB in all; random bytes, which the archive
copies without decoding) are written straight into the storage folder, at the key the server's
file store reads (`{userId}/{name}.jpg` under the folder); then ARCHIVE_MEMORIES memories (~300
characters of text), each showing its own photo, are created through the API from
SEED_CONNECTIONS connections (default 4). The rows go through the API rather than straight into
the database: the memories table has a full-text index (FTS5, `contentless_delete`) that SQLite
before 3.43 cannot write, and Python's sqlite3 is often older; creating a memory also checks that
its photo is in storage, so each create confirms a photo's place. The seeding is checked: the
newest memories listed by GET /api/memories are seeded ones, the dashboard counts them all with
a photo, and one photo reads back through GET /api/photos/... byte for byte.

Measure: GET /api/users/{id}/archive (Accept-Encoding: identity, so the bytes received are the
zip's), the body read in chunks of 1 MB and thrown away, while a thread reads the server's
resident memory every 50 ms; the peak (VmHWM) is reset to the current resident size before and
read after. Printed: memories, photos in all, archive bytes received, seconds, MB/s, time to the
first byte, the server's resident memory before, its peak during (the highest of the samples and
VmHWM), the peak less the resident size before, the highest sample's private part (RssAnon) and
part mapped from files, the server's threads, the highest sample in each quarter of the download
(memory that grows with the archive shows here), and the server's CPU.
The archive is checked whole: it ends with a zip end-of-central-directory record (after a ZIP64
one when the counts or offsets need it), and its central directory lists ARCHIVE_MEMORIES + 1
entries (lifegraph.json and one photo per memory, each of ARCHIVE_PHOTO_BYTES). Memory is in MB
of 10^6 bytes. ARCHIVE_RUNS (default 1) exports the archive that many times in a row on the same
server: memory the first export leaves held shows as the resident size before the next, and a
leak as a peak that keeps rising.

The work folder (database, photos, server log) is removed at the end unless BENCH_KEEP=1; after a
failure its database and server log are kept.
Exit status: 0 when the export ran and the archive is whole (its memory is a figure, not a
pass or fail), else 1 (the server did not start, seeding failed, the archive is incomplete).
"""

import collections
import datetime
import http.client
import importlib.util
import json
import os
import secrets
import shutil
import struct
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MEMORIES = int(os.environ.get("ARCHIVE_MEMORIES", "10000"))
PHOTO_BYTES = int(os.environ.get("ARCHIVE_PHOTO_BYTES", "200000"))
SEED_CONNECTIONS = int(os.environ.get("SEED_CONNECTIONS", "4"))
RUNS = int(os.environ.get("ARCHIVE_RUNS", "1"))
CHUNK = 1 << 20  # bytes read at a time from the archive
SAMPLE_SECONDS = 0.05  # how often the server's resident memory is read
TAIL_CHUNKS = 16  # the last MB kept, for the central directory (~85 bytes an entry)
EMAIL = "archive-bench@example.com"
CREATE = "/api/memories/with-validation"
DATA_FILE = "lifegraph.json"
PHOTO_FOLDER = "photos/"

# Process and memory helpers are bench-load.py's, which has bench-crash.py's server handling.
sys.dont_write_bytecode = True  # no __pycache__ in scripts/
_spec = importlib.util.spec_from_file_location("bench_load", os.path.join(HERE, "bench-load.py"))
load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load)
crash = load.crash
log = crash.log

# ~300 characters of ordinary text per memory, ASCII.
SENTENCES = (
    "A long walk by the river with Marie in the morning, the light low and the water very still.",
    "We stopped for coffee at the corner cafe and talked about the summer and the old house.",
    "In the afternoon it rained, so I read by the window and sorted the photos from the trip.",
    "Dinner was simple: soup, bread still warm, and the last of the cheese from the market.",
    "Before sleeping I wrote this down so as not to forget how quiet and good the day was.",
)


def memory_body(n, photo_url):
    text = " ".join(SENTENCES[(n + i) % len(SENTENCES)] for i in range(3))
    return json.dumps({
        "title": f"Archive day {n}",
        "content": f"{text} (Day {n}.)",
        "eventDate": f"20{n % 25:02d}-{1 + n % 12:02d}-{1 + n % 28:02d}",
        "photo": photo_url,
    })


def write_photos(storage, user_id):
    """ARCHIVE_MEMORIES files of random bytes where the file store keeps `{userId}/{name}`:
    object_store's LocalFileSystem maps a key to that path under its folder. Names as the
    server gives them (32 random bytes, URL-safe base64). Returns their addresses."""
    folder = os.path.join(storage, str(user_id))
    os.makedirs(folder, exist_ok=True)
    started = time.monotonic()
    urls = []
    for n in range(MEMORIES):
        name = f"{secrets.token_urlsafe(32)}.jpg"
        with open(os.path.join(folder, name), "wb") as f:
            f.write(os.urandom(PHOTO_BYTES))
        urls.append(f"/api/photos/{user_id}/{name}")
    log(f"   wrote {MEMORIES} photos of {PHOTO_BYTES:,} bytes ({MEMORIES * PHOTO_BYTES / 1e9:.2f} GB) in "
        f"{time.monotonic() - started:.1f} s")
    return urls


def create_memories(server, urls):
    """One memory per photo, through the API from SEED_CONNECTIONS connections; a failure stops
    the seeding (every create should succeed: a refused photo means it is not where the server
    looks). Returns {title: photo address}."""
    remaining = list(range(MEMORIES))
    lock = threading.Lock()
    failures = []
    started = time.monotonic()

    def work():
        conn = server.connection()
        while True:
            with lock:
                if not remaining or failures:
                    return
                n = remaining.pop()
            try:
                conn.request("POST", CREATE, body=memory_body(n, urls[n]),
                             headers=server.headers({"Content-Type": "application/json"}))
                response = conn.getresponse()
                payload = response.read()
                if response.status != 201:
                    raise RuntimeError(f"POST {CREATE} answered {response.status}: "
                                       f"{payload[:300].decode('utf-8', 'replace')}")
            except (OSError, http.client.HTTPException, RuntimeError) as error:
                conn.close()
                with lock:
                    failures.append(f"{type(error).__name__}: {error}")
                return

    load.run_seeders(work, SEED_CONNECTIONS, remaining, lock, MEMORIES, started)
    if failures:
        raise RuntimeError(f"seeding failed: {failures[0]}")
    elapsed = time.monotonic() - started
    log(f"   created {MEMORIES} memories in {elapsed:.1f} s ({MEMORIES / elapsed:.0f}/s, POST {CREATE}, "
        f"{SEED_CONNECTIONS} connections)")
    return {f"Archive day {n}": url for n, url in enumerate(urls)}


def check_seeding(server, user_id, seeded, storage):
    """The seeded memories are the server's: listed with their photos, all counted, and a
    photo reads back as written."""
    status, _, body = server.request("GET", "/api/memories?pageSize=20&sortBy=createdAt&sortOrder=desc")
    if status != 200:
        raise RuntimeError(f"GET /api/memories answered {status}: {body[:300]!r}")
    items = json.loads(body)["items"]
    if len(items) != min(20, MEMORIES) or any(seeded.get(m["title"]) != m["photo"] for m in items):
        raise RuntimeError(f"GET /api/memories does not list the seeded memories with their photos: {body[:300]!r}")
    status, _, body = server.request("GET", "/api/dashboard/stats")
    if status != 200:
        raise RuntimeError(f"GET /api/dashboard/stats answered {status}: {body[:300]!r}")
    counted = json.loads(body)["memories"]
    if counted["total"] != MEMORIES or counted["withPhotos"] != MEMORIES:
        raise RuntimeError(f"the dashboard counts {counted['total']} memories, {counted['withPhotos']} with a "
                           f"photo, not {MEMORIES}")
    url = items[0]["photo"]
    status, _, body = server.request("GET", url)
    with open(os.path.join(storage, url.removeprefix("/api/photos/")), "rb") as f:
        written = f.read()
    if status != 200 or body != written:
        raise RuntimeError(f"GET {url} answered {status} with {len(body)} bytes, not the {len(written)} written")
    log(f"   checked: the newest {len(items)} memories listed are seeded ones with their photos, the dashboard "
        f"counts {counted['total']} memories with a photo, and {url} reads back as written")


def resident(pid):
    """VmRSS and its parts RssAnon (the process's own memory) and RssFile (pages mapped from
    files), in MB of 10^6 bytes, and the number of threads, from one reading of /proc/<pid>/status."""
    figures = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile"):
                figures[name] = int(value.split()[0]) * 1024 / 1e6
            elif name == "Threads":
                figures[name] = int(value)
    nan = float("nan")
    return figures.get("VmRSS", nan), figures.get("RssAnon", nan), figures.get("RssFile", nan), figures.get("Threads", 0)


class Sampler(threading.Thread):
    """Reads the server's resident memory every SAMPLE_SECONDS, with how many bytes had arrived."""

    def __init__(self, pid, received):
        super().__init__(daemon=True)
        self.pid, self.received = pid, received
        self.samples = []  # (bytes received, resident MB, of which private, of which mapped from files, threads)
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                self.samples.append((self.received[0], *resident(self.pid)))
            except OSError:
                return  # the server is gone
            self.done.wait(SAMPLE_SECONDS)


def download(server, user_id):
    """GET the archive, reading it in 1 MB chunks; returns figures and the stream's tail."""
    pid = server.process.pid
    time.sleep(1)  # what the seeding left (closing connections, background work) settles
    before = load.proc_status(pid, "VmRSS")
    reset = load.reset_peak_memory(pid)
    cpu = load.cpu_seconds(pid)
    received = [0]
    tail = collections.deque(maxlen=TAIL_CHUNKS)
    sampler = Sampler(pid, received)
    sampler.start()
    started = time.monotonic()
    first_byte, error, status = None, None, None
    conn = server.connection(timeout=600)
    try:
        # Uncompressed, as Python's client asks by default: the bytes are the zip's.
        conn.request("GET", f"/api/users/{user_id}/archive", headers=server.headers({"Accept-Encoding": "identity"}))
        response = conn.getresponse()
        status = response.status
        if status != 200:
            error = f"answered {status}: {response.read()[:300]!r}"
        else:
            while True:
                chunk = response.read(CHUNK)
                if not chunk:
                    break
                if first_byte is None:
                    first_byte = time.monotonic() - started
                received[0] += len(chunk)
                tail.append(chunk)
    except (OSError, http.client.HTTPException) as failure:
        error = f"the download broke off after {received[0]:,} bytes: {type(failure).__name__}: {failure}"
    finally:
        conn.close()
    seconds = time.monotonic() - started
    sampler.done.set()
    sampler.join()
    hwm = load.proc_status(pid, "VmHWM")
    return {
        "status": status, "error": error, "bytes": received[0], "seconds": seconds, "first_byte": first_byte,
        "before": before, "hwm": hwm, "hwm_reset": reset, "samples": sampler.samples,
        "cpu": load.cpu_seconds(pid) - cpu, "tail": b"".join(tail),
        "after": load.proc_status(pid, "VmRSS"), "pid": pid,
    }


def read_central_directory(tail, total):
    """The zip's end records and central directory, read from the last bytes of a stream of
    `total` bytes. Returns (entries, central directory offset, names and sizes when the central
    directory is within `tail`, else None); raises ValueError when the stream is not a whole zip."""
    start = total - len(tail)  # the stream offset of tail[0]
    at = tail.rfind(b"PK\x05\x06", max(0, len(tail) - 22 - 65535))
    if at < 0 or at + 22 > len(tail):
        raise ValueError("no end-of-central-directory record (PK\\x05\\x06) at the end of the stream")
    (_, disk, cd_disk, _, entries, cd_size, cd_offset, comment) = struct.unpack_from("<IHHHHIIH", tail, at)
    if at + 22 + comment != len(tail):
        raise ValueError(f"the end-of-central-directory record is followed by {len(tail) - at - 22 - comment} "
                         f"bytes more than its comment")
    end_of_cd = start + at  # where the central directory (or the ZIP64 records) must end
    zip64 = entries == 0xFFFF or cd_size == 0xFFFFFFFF or cd_offset == 0xFFFFFFFF
    locator = at - 20
    if locator >= 0 and tail[locator:locator + 4] == b"PK\x06\x07":
        zip64 = True
    if zip64:
        if locator < 0 or tail[locator:locator + 4] != b"PK\x06\x07":
            raise ValueError("the end record calls for ZIP64 but there is no ZIP64 locator (PK\\x06\\x07) before it")
        (_, _, record_offset, _) = struct.unpack_from("<IIQI", tail, locator)
        record = record_offset - start
        if record < 0 or tail[record:record + 4] != b"PK\x06\x06":
            raise ValueError(f"no ZIP64 end-of-central-directory record (PK\\x06\\x06) at offset {record_offset}")
        (_, _, _, _, _, _, _, entries, cd_size, cd_offset) = struct.unpack_from("<IQHHIIQQQQ", tail, record)
        end_of_cd = record_offset
    if cd_offset + cd_size != end_of_cd:
        raise ValueError(f"the central directory ({cd_size:,} bytes at {cd_offset:,}) does not end where the end "
                         f"records start ({end_of_cd:,})")
    listed = None
    if cd_offset >= start:  # the whole central directory is in the tail: walk it
        listed, pos, end = [], cd_offset - start, end_of_cd - start
        while pos < end:
            if tail[pos:pos + 4] != b"PK\x01\x02":
                raise ValueError(f"no central directory header at offset {start + pos:,}")
            (compressed, size, name_len, extra_len, comment_len) = struct.unpack_from("<IIHHH", tail, pos + 20)
            name = tail[pos + 46:pos + 46 + name_len].decode("utf-8", "replace")
            if size == 0xFFFFFFFF:  # ZIP64 extended information: the sizes are there
                extra, e = tail[pos + 46 + name_len:pos + 46 + name_len + extra_len], 0
                while e + 4 <= len(extra):
                    tag, length = struct.unpack_from("<HH", extra, e)
                    if tag == 0x0001:
                        size = struct.unpack_from("<Q", extra, e + 4)[0]
                        break
                    e += 4 + length
            listed.append((name, size))
            pos += 46 + name_len + extra_len + comment_len
        if len(listed) != entries:
            raise ValueError(f"the end record counts {entries} entries but the central directory lists {len(listed)}")
    return entries, cd_offset, listed, zip64


def check_archive(result):
    """Problems with the received archive (an empty list when it is whole)."""
    if result["error"]:
        return [result["error"]]
    try:
        entries, _, listed, zip64 = read_central_directory(result["tail"], result["bytes"])
    except (ValueError, struct.error) as error:
        return [f"not a whole zip: {error}"]
    result["entries"], result["zip64"] = entries, zip64
    problems = []
    if entries != MEMORIES + 1:
        problems.append(f"the central directory counts {entries} entries, not {MEMORIES + 1} "
                        f"({DATA_FILE} and {MEMORIES} photos)")
    if listed is None:
        log(f"   (the central directory is not within the last {TAIL_CHUNKS} MB kept: its entries were counted, "
            f"not read)")
        return problems
    names = collections.Counter(name for name, _ in listed)
    photos = [(name, size) for name, size in listed if name.startswith(PHOTO_FOLDER)]
    if names[DATA_FILE] != 1:
        problems.append(f"{DATA_FILE} is listed {names[DATA_FILE]} times")
    if len(photos) != MEMORIES:
        problems.append(f"{len(photos)} photos listed, not {MEMORIES}")
    wrong = [(name, size) for name, size in photos if size != PHOTO_BYTES]
    if wrong:
        problems.append(f"{len(wrong)} photos are not {PHOTO_BYTES:,} bytes, e.g. {wrong[0]}")
    repeated = [name for name, count in names.items() if count > 1]
    if repeated:
        problems.append(f"{len(repeated)} names listed more than once, e.g. {repeated[0]}")
    data = [size for name, size in listed if name == DATA_FILE]
    result["json_bytes"] = data[0] if data else None
    return problems


def report(result, problems, run):
    mb, samples = result["bytes"] / 1e6, result["samples"]
    highest = max(samples, key=lambda sample: sample[1], default=None)
    peak_sampled = highest[1] if highest else float("nan")
    peak = max(peak_sampled, result["hwm"])
    before = result["before"]
    photos_gb = MEMORIES * PHOTO_BYTES / 1e9
    log(f"\n== archive of {MEMORIES:,} memories, {MEMORIES:,} photos of {PHOTO_BYTES:,} bytes "
        f"({photos_gb:.2f} GB of photos in all)" + ("" if RUNS == 1 else f", export {run} of {RUNS}"))
    log(f"   received {result['bytes']:,} bytes ({result['bytes'] / 1e9:.2f} GB) in {result['seconds']:.1f} s: "
        f"{mb / result['seconds']:.1f} MB/s; first byte after "
        + (f"{result['first_byte'] * 1000:.0f} ms" if result["first_byte"] is not None else "none"))
    if "entries" in result:
        log(f"   zip: {result['entries']:,} entries in the central directory"
            + (" (ZIP64 end records)" if result["zip64"] else "")
            + (f"; {DATA_FILE} {result['json_bytes']:,} bytes" if result.get("json_bytes") else ""))
    log(f"   server resident memory: before {before:.1f} MB, peak during {peak:.1f} MB (highest of "
        f"{len(samples)} samples every {SAMPLE_SECONDS * 1000:.0f} ms {peak_sampled:.1f} MB, VmHWM"
        f"{'' if result['hwm_reset'] else ' since start'} {result['hwm']:.1f} MB), peak less before "
        f"{peak - before:.1f} MB; after {result['after']:.1f} MB")
    if highest:
        log(f"   at the highest sample: private {highest[2]:.1f} MB, mapped from files {highest[3]:.1f} MB; after: "
            f"{load.resident_parts(result['pid'])}; server threads: {samples[0][4]} at the start, at most "
            f"{max(sample[4] for sample in samples)}")
    if samples and result["bytes"]:
        quarters = []
        for q in range(4):
            low, high = result["bytes"] * q / 4, result["bytes"] * (q + 1) / 4
            inside = [rss for received, rss, *_ in samples if low <= received < high or (q == 3 and received >= high)]
            quarters.append(f"{max(inside):.1f}" if inside else "n/a")
        log(f"   highest resident memory in each quarter of the download: {' / '.join(quarters)} MB")
    log(f"   server CPU during the export: {result['cpu']:.1f} s ({100 * result['cpu'] / result['seconds']:.0f}% "
        f"of one core)")
    if problems:
        log("   ARCHIVE INCOMPLETE: " + "; ".join(problems))
    else:
        log(f"   the archive is whole: {MEMORIES + 1:,} entries ({DATA_FILE} and {MEMORIES:,} photos of "
            f"{PHOTO_BYTES:,} bytes)")
    return peak


def main():
    binary = crash.server_binary()
    workdir = tempfile.mkdtemp(prefix="lifegraph-archive.")
    storage = os.path.join(workdir, "photos")
    server_log = os.path.join(workdir, "server.log")
    ok = False
    log(f"== archive benchmark on SQLite: {MEMORIES:,} memories with a photo of {PHOTO_BYTES:,} bytes each "
        f"(work folder {workdir})")
    try:
        server = crash.Server(binary, f"sqlite://{workdir}/lifegraph.db", storage, server_log)
        log(f"   server started: {load.proc_status(server.process.pid, 'VmRSS'):.1f} MB resident")
        server.sign_in(EMAIL)
        status, _, body = server.request("GET", "/api/auth/user")
        if status != 200:
            raise RuntimeError(f"GET /api/auth/user answered {status}: {body[:300]!r}")
        user_id = json.loads(body)["id"]
        seeded = create_memories(server, write_photos(storage, user_id))
        check_seeding(server, user_id, seeded, storage)
        log(f"   after seeding: {load.proc_status(server.process.pid, 'VmRSS'):.1f} MB resident")
        phases, peaks, all_problems = [], [], []
        for run in range(1, RUNS + 1):
            exported = datetime.datetime.now(datetime.timezone.utc)
            result = download(server, user_id)
            phases.append((f"export {run}", exported, datetime.datetime.now(datetime.timezone.utc)))
            problems = check_archive(result)
            peaks.append((report(result, problems, run), result["bytes"]))
            all_problems += problems
        server.stop()
        load.summarize_log(server_log, phases)
        peak, size = max(peaks)
        log(f"\npeak resident memory during the export: {peak:.1f} MB (the archive is {size / 1e9:.2f} GB)"
            + ("" if RUNS == 1 else f"; highest of {RUNS} exports in a row: "
               + ", ".join(f"{p:.1f}" for p, _ in peaks) + " MB")
            + ("" if not all_problems else " — but the archive was INCOMPLETE"))
        ok = not all_problems
    except Exception as error:
        log(f"the benchmark could not run: {type(error).__name__}: {error}")
    finally:
        for server in crash.RUNNING:
            if server.process.poll() is None:
                server.kill()
        crash.RUNNING.clear()
    if os.environ.get("BENCH_KEEP") == "1":
        log(f"kept {workdir} (database, photos, server log)")
    elif not ok:  # the photos are most of it and can be made again
        shutil.rmtree(storage, ignore_errors=True)
        log(f"kept {workdir} (database, server log; the photos removed)")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
