-- Sends Connect RPCs in their JSON form (POST, one JSON body per request). The argument after `--` is a file of
-- bodies, one per line. With one line every request sends it; with many, each request sends the next line and the
-- run stops when they are used up, for calls that must not repeat (an order consumes its preview).
local bodies = {}
local sent = 0

function init(args)
  for line in io.lines(args[1]) do
    bodies[#bodies + 1] = line
  end
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Connect-Protocol-Version"] = "1"
end

function request()
  if #bodies == 1 then
    return wrk.format(nil, nil, nil, bodies[1])
  end
  sent = sent + 1
  if sent > #bodies then
    -- Stopping drops the answers still on their way, so no body is sent twice and no repeat is measured.
    wrk.thread:stop()
    sent = #bodies
  end
  return wrk.format(nil, nil, nil, bodies[sent])
end
