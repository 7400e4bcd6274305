-- wrk script of scripts/bench-load.py (which sets the environment below; see there).
--   LOAD_MODE      "get": GET the URL (the first page of memories, or /healthz); "create": POST
--                  a new memory to it, each with its own title, ~1 KB of text like the seeded ones
--   LOAD_COOKIE    the session cookie value
--   LOAD_ORIGIN    sent as Origin, as a browser does on every request that changes something
--   LOAD_PEOPLE    for "create": the seeded people, "id=name;id=name;..."
--   LOAD_PLACES    for "create": the seeded places, the same way
-- Counts the answers by status, and prints one line "BENCH-RESULT {json}" when done.

local mode = os.getenv("LOAD_MODE") or "get"
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

local function entities(variable)
  local list = {}
  for id, name in string.gmatch(os.getenv(variable) or "", "(%d+)=([^;]+)") do
    list[#list + 1] = { id = tonumber(id), name = name }
  end
  assert(#list >= 2, variable .. " must name at least 2 entities")
  return list
end

if mode == "create" then
  local people, places = entities("LOAD_PEOPLE"), entities("LOAD_PLACES")
  -- The same sentences as SENTENCES in bench-load.py: ~1 KB of text naming two people and a place.
  local sentences = {
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
  }
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  -- A dynamic request only here: a GET stays a static request, the cheapest for wrk.
  function request()
    sent = sent + 1
    local n = thread_no * 1000003 + sent
    local p1, p2 = people[1 + n % #people], people[1 + (n + 1) % #people]
    local place = places[1 + n % #places]
    local parts = {}
    for i = 0, #sentences - 1 do
      parts[#parts + 1] = sentences[1 + (n + i) % #sentences]
    end
    local content = table.concat(parts, " ")
    content = content:gsub("{p1}", p1.name):gsub("{p2}", p2.name):gsub("{pl}", place.name)
    local body = string.format(
      '{"title":"Load test %d-%d","content":"%s","eventDate":"20%02d-%02d-%02d","entities":[%d,%d,%d]}',
      thread_no, sent, content, 10 + sent % 15, 1 + sent % 12, 1 + sent % 28, p1.id, p2.id, place.id)
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
