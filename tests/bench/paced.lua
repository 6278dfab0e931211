-- Paces wrk below its peak: before each request a connection waits a random time, on average the mean given after
-- `--` in milliseconds, so the connections together offer a steady rate of about connections / mean instead of all
-- the server can take. The wait is uniform in [0, 2 × mean) so the connections do not fire in step. wrk times each
-- request from the moment it is sent, so the waits are not counted as latency.
local mean_ms

function init(args)
  mean_ms = tonumber(args[1])
  math.randomseed(os.time())
end

function delay()
  return math.random() * 2 * mean_ms
end
