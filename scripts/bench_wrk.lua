-- wrk's request script for scripts/bench: OP, BENCH, QUERY and HEADERS are set by the lines bench writes before it.
local ids = {}
local function load(name)
  local list = {}
  for line in io.lines(BENCH .. "/ids/" .. name .. ".txt") do if #line > 0 then list[#list + 1] = line end end
  return list
end
ids.posts, ids.blogs, ids.tags = load("posts"), load("blogs"), load("tags")
local function quote(s) return '"' .. s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('\n', '\\n') .. '"' end
local items = {}
for i = 1, 10 do items[i] = '{"content":"comment ' .. i .. '"}' end
COMMENTS = '[' .. table.concat(items, ',') .. ']'
local graphql_errors = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
-- Every request the operation can send, built once: the variables' space is small (an id from a pool, a rating
-- 0..10), and choosing one uniformly per request draws as before without Lua string work per request, CPU that
-- would otherwise be taken from the server on the shared cores.
local requests = {}
local quoted = quote(QUERY)
local function add(variables)
  requests[#requests + 1] = wrk.format("POST", "/graphql", HEADERS, '{"query":' .. quoted .. ',"variables":' .. variables .. '}')
end
local function each(list, build) for _, id in ipairs(list) do add(build(id)) end end
function init(args)
  math.randomseed(os.time() + math.random(1000000))
  if OP == "q1" then each(ids.posts, function(id) return '{"id":"' .. id .. '"}' end)
  elseif OP == "q2" then for r = 0, 10 do add('{"minRating":' .. r .. '}') end
  elseif OP == "q3" or OP == "s1" then each(ids.blogs, function(id) return '{"id":"' .. id .. '"}' end)
  elseif OP == "q5" then each(ids.tags, function(id) return '{"id":"' .. id .. '"}' end)
  elseif OP == "m1" then each(ids.posts, function(id) return '{"postId":"' .. id .. '","content":"benchmark comment"}' end)
  elseif OP == "c1" then for r = 0, 10 do each(ids.blogs, function(id) return '{"id":"' .. id .. '","min":' .. r .. '}' end) end
  elseif OP == "r1" then each(ids.tags, function(id) return '{"tag":"' .. id .. '"}' end)
  elseif OP == "n1" then each(ids.blogs, function(id) return '{"t":"benchmark post","b":"' .. id .. '","c":' .. COMMENTS .. '}' end)
  else add('{}') end
end
request = function() return requests[math.random(#requests)] end
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
