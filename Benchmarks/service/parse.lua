-- POST /v1/parse with one of a few sentences; the token comes from VOICELOG_TOKEN.
local sentences = {
  "glucose six point two after dinner", "bp 135/85 hr 70", "baby took 4 oz",
  "tummy ache, pretty bad, after lunch", "bg 5.4, 30g carbs, 4u novorapid",
}
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("VOICELOG_TOKEN")
request = function()
  i = i + 1
  return wrk.format(nil, "/v1/parse", nil, '{"text": "' .. sentences[i % #sentences + 1] .. '"}')
end
