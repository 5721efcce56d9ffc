-- POST /v1/utterances, each a note no other request has ("note load T-N"), and count the
-- answers by status, so that what was accepted can be checked against what is stored.
local threads = {}
local counter = 0
local next_id = 0
setup = function(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end
init = function()
  created, other = 0, 0
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("VOICELOG_TOKEN")
end
request = function()
  counter = counter + 1
  return wrk.format(nil, "/v1/utterances", nil, string.format('{"text": "note load %d-%d"}', id, counter))
end
response = function(status)
  if status == 201 then created = created + 1 else other = other + 1 end
end
done = function()
  local c, o = 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    o = o + t:get("other")
  end
  io.write(string.format("created %d other %d\n", c, o))
end
