-- The Lua side of the line-dispatch benchmark: reads a script one line at a time, skips blank
-- lines and comments, splits off the command word, and dispatches through a table of handlers.
-- `echo` writes its words; `expect A OP B` converts both sides with tonumber and compares them;
-- an unknown command or a failed expectation stops the run with status 1, as placeshell does.
-- Usage: lua5.4 dispatch.lua SCRIPT > /dev/null

local write = io.write

local compare = {
  ["=="] = function(a, b) return a == b end,
  ["!="] = function(a, b) return a ~= b end,
  ["<"] = function(a, b) return a < b end,
  ["<="] = function(a, b) return a <= b end,
  [">"] = function(a, b) return a > b end,
  [">="] = function(a, b) return a >= b end,
}

local commands = {
  echo = function(rest)
    write(rest, "\n")
    return true
  end,
  expect = function(rest, lineno)
    local lhs, op, rhs = rest:match("^(%S+)%s+(%S+)%s+(%S+)$")
    local a, b, test = tonumber(lhs), tonumber(rhs), compare[op]
    if not (a and b and test) then
      io.stderr:write(("line %d: malformed expectation '%s'\n"):format(lineno, rest))
      return false
    end
    if not test(a, b) then
      io.stderr:write(("line %d: expectation failed: %s\n"):format(lineno, rest))
      return false
    end
    return true
  end,
}

local lineno = 0
for line in io.lines(arg[1]) do
  lineno = lineno + 1
  local name, rest = line:match("^%s*([^%s#]%S*)%s*(.-)%s*$")
  if name then
    local handler = commands[name]
    if not handler then
      io.stderr:write(("line %d: unknown command '%s'\n"):format(lineno, name))
      os.exit(1)
    end
    if not handler(rest, lineno) then os.exit(1) end
  end
end
