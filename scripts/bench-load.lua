-- wrk script of scripts/bench-load.py (which sets the environment below; see there).
--   LOAD_MODE    "page": GET the URL (the first page of memories); "create": POST a new memory
--                to it, each with its own title
--   LOAD_COOKIE  the session cookie value
--   LOAD_ORIGIN  sent as Origin, as a browser does on every request that changes something
-- Counts the answers by status, and prints one line "BENCH-RESULT {json}" when done.

local mode = os.getenv("LOAD_MODE") or "page"
wrk.headers["Cookie"] = "lifegraph_session=" .. assert(os.getenv("LOAD_COOKIE"), "LOAD_COOKIE is not set")
wrk.headers["Origin"] = assert(os.getenv("LOAD_ORIGIN"), "LOAD_ORIGIN is not set")

local threads = {}

function setup(thread)
  thread:set("thread_no", #threads)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  sent = 0
end

if mode == "create" then
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  -- A dynamic request only here: the page load stays a static request, the cheapest for wrk.
  function request()
    sent = sent + 1
    local body = string.format(
      '{"title":"Load test %d-%d","content":"Walked along the river in Lyon with Marie and Paul, then dinner at the old market (%d).","eventDate":"20%02d-%02d-%02d"}',
      thread_no, sent, sent, 10 + sent % 15, 1 + sent % 12, 1 + sent % 28)
    return wrk.format(nil, nil, nil, body)
  end
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      counts[#counts + 1] = string.format('[%s,%d]', status, count)
    end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH-RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,' ..
    '"status_errors":%d,"timeout":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"statuses":[%s]}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    table.concat(counts, ",")))
end
