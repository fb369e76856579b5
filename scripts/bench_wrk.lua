-- wrk's request script for scripts/bench: OP, BENCH, QUERY and HEADERS are set by the lines bench writes before it.
local ids = {}
local function load(name)
  local list = {}
  for line in io.lines(BENCH .. "/ids/" .. name .. ".txt") do if #line > 0 then list[#list + 1] = line end end
  return list
end
ids.posts, ids.blogs, ids.tags = load("posts"), load("blogs"), load("tags")
local function pick(list) return list[math.random(#list)] end
local function quote(s) return '"' .. s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('\n', '\\n') .. '"' end
local items = {}
for i = 1, 10 do items[i] = '{"content":"comment ' .. i .. '"}' end
COMMENTS = '[' .. table.concat(items, ',') .. ']'
local graphql_errors = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) math.randomseed(os.time() + math.random(1000000)) end
request = function()
  local v
  if OP == "q1" then v = '{"id":"' .. pick(ids.posts) .. '"}'
  elseif OP == "q2" then v = '{"minRating":' .. math.random(0, 10) .. '}'
  elseif OP == "q3" then v = '{"id":"' .. pick(ids.blogs) .. '"}'
  elseif OP == "q5" then v = '{"id":"' .. pick(ids.tags) .. '"}'
  elseif OP == "m1" then v = '{"postId":"' .. pick(ids.posts) .. '","content":"benchmark comment"}'
  elseif OP == "s1" then v = '{"id":"' .. pick(ids.blogs) .. '"}'
  elseif OP == "c1" then v = '{"id":"' .. pick(ids.blogs) .. '","min":' .. math.random(0, 10) .. '}'
  elseif OP == "r1" then v = '{"tag":"' .. pick(ids.tags) .. '"}'
  elseif OP == "n1" then v = '{"t":"benchmark post","b":"' .. pick(ids.blogs) .. '","c":' .. COMMENTS .. '}'
  else v = '{}' end
  return wrk.format("POST", "/graphql", HEADERS, '{"query":' .. quote(QUERY) .. ',"variables":' .. v .. '}')
end
response = function(status, headers, body)
  if status ~= 200 or body:find('"errors"', 1, true) then graphql_errors = graphql_errors + 1 end
end
done = function(summary, latency, requests)
  local errors = 0
  for _, thread in ipairs(threads) do errors = errors + (thread:get("graphql_errors") or 0) end
  io.write(string.format("RESULT rps=%.1f p50=%.3f p99=%.3f errors=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
