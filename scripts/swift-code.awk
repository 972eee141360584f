# Swift source as code: swiftCode(line) is the line without its comments (`//`, `/* */`) and
# string literals, each literal or comment a space. A """ literal and a block comment may span
# lines: the caller sets `multiline = 0; blockComment = 0` at the start of each file
# (FNR == 1). Shared by the lints that read Swift (lint-threads,
# lint-platform), which put it before their own program.
function swiftCode(line,    code, rest, c, d, i) {
    code = ""
    rest = line
    while (rest != "") {
        if (blockComment) {
            i = index(rest, "*/")
            if (i == 0) { rest = ""; break }
            rest = substr(rest, i + 2)
            blockComment = 0
            continue
        }
        if (multiline) {
            i = index(rest, "\"\"\"")
            if (i == 0) { rest = ""; break }
            rest = substr(rest, i + 3)
            multiline = 0
            continue
        }
        c = substr(rest, 1, 1)
        if (substr(rest, 1, 3) == "\"\"\"") { multiline = 1; rest = substr(rest, 4); code = code " "; continue }
        if (substr(rest, 1, 2) == "//") break
        if (substr(rest, 1, 2) == "/*") { blockComment = 1; rest = substr(rest, 3); code = code " "; continue }
        if (c == "\"") {
            rest = substr(rest, 2)
            while (rest != "") {
                d = substr(rest, 1, 1)
                if (d == "\\") { rest = substr(rest, 3); continue }
                rest = substr(rest, 2)
                if (d == "\"") break
            }
            code = code " "
            continue
        }
        code = code c
        rest = substr(rest, 2)
    }
    return code
}
