// The manual's RUNNING TESTS section: its prose here, its lists of options and header lines made
// from `TestOption.all` and `ScriptHeaderField.all`, as `placeshell test --help` makes its own.

/// The RUNNING TESTS section of the manual, in mdoc, from its `.Sh` line.
public func manualTestSection() -> String {
    var lines = [".Sh RUNNING TESTS", testSectionIntroduction, ".Pp", "Header lines:", ".Bl -tag -width Ds"]
    for field in ScriptHeaderField.all {
        let names = field.names.map { "\\&# \($0):" }.joined(separator: " , ")
        lines.append(".It Li \(names) Ar \(field.value)")
        lines.append(mdocSentence(field.summary))
    }
    lines += [".El", testSectionReports, ".Pp", "Options of", ".Cm test :", ".Bl -tag -width Ds"]
    for option in TestOption.all {
        let names = option.names.map { name -> String in
            let flag = name.hasPrefix("--") ? "Fl Fl " + name.dropFirst(2) : "Fl " + name.dropFirst()
            return flag + (option.value.map { " Ar " + $0 } ?? "")
        }
        lines.append(".It " + names.joined(separator: " , "))
        lines.append(mdocSentence(option.summary))
    }
    lines += [".El", testSectionEnd]
    return lines.joined(separator: "\n") + "\n"
}

/// A summary as a sentence of the manual: capitalised and ending with a period, a backslash
/// written as mdoc's `\e`.
private func mdocSentence(_ text: String) -> String {
    var s = text.split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\e")
    if let first = s.first { s = first.uppercased() + s.dropFirst() }
    if !s.hasSuffix(".") { s += "." }
    return s
}

private let testSectionIntroduction = #"""
    .Nm
    .Cm test
    .Op Ar options
    .Op Ar path ...
    runs every
    .Pa *.placescript
    file under each
    .Ar path
    .Pq default: the current directory
    as a test, and says whether each held: for CI, a green run means every script
    did what it says.
    Folders are searched recursively; files and folders whose names start with
    .Ql \&.
    or
    .Ql _ ,
    and folders named
    .Pa lib ,
    are not collected: they hold helpers that scripts
    .Ic source .
    A link to a folder is followed; a link back into a folder being searched is an
    error (a cycle), and a folder reached a second time is run once, with a note.
    A file named on the command line runs whatever its name.
    .Pp
    Each script runs in a fresh session, in its own process and process group
    .Po
    .Ql placeshell -C FOLDER -- NAME ARG ...
    from its own folder, with standard input from
    .Pa /dev/null
    .Pc ,
    several at a time.
    The device speaks English
    .Po
    .Ev LC_ALL
    is
    .Ql C.UTF-8
    for the script, whatever the locale
    .Pc
    unless the script's header names a language, so the same scripts give the same
    verdicts on every machine.
    .Ev $TMP
    in a script names a folder of its own, made fresh for each script, so that
    scripts run side by side never share a file: it is removed when the script
    passes, and kept, and named in the report, when it fails.
    .Pp
    A script passes when it exits with the status it expects (0 unless its header
    says), its standard output equals
    .Pa NAME.placescript.out
    and its standard error
    .Pa NAME.placescript.err
    where those files exist, and it is not expected to fail.
    In its output, its
    .Ev $TMP
    is written
    .Ql $TMP .
    A script run as one flavour of several compares with
    .Pa NAME.placescript.FLAVOR.out
    .Pq and Pa .err
    where that file exists, else with the script's own.
    A script whose header or text does not parse is an error, reported as such.
    A negative test says its exit status with
    .Ql # exit: ;
    its
    .Pa .err
    file says which failure it expects, so that another one does not pass.
    An expected failure
    .Pq Ql # xfail:
    is a failed command or expectation, or output that differs: a script that
    does not parse, runs out of time or is killed fails whatever its header says.
    .Fl Fl filter
    also matches a test's flavour label
    .Pq Ql x.placescript [objc] .
    .Pp
    Its leading comment lines, after a
    .Ql #!
    line, are its header: lines of the form
    .Ql # NAME: VALUE ,
    read the same way by
    .Cm test ,
    by
    .Fl Fl check
    and by a direct run
    .Pq where Li args No gives the arguments when the command line gives none, and Li language No the device's language .
    A header line written twice, an unterminated quote in
    .Li args ,
    a value that does not read or a name one letter off a header's
    .Pq Ql # arg:
    is an error of the script; other comment lines are comments.
    """#

private let testSectionReports = #"""
    .Pp
    Each script's result is printed as it ends: a mark
    .Po
    .Ql \[u2713]
    passed,
    .Ql \[u2717]
    failed,
    .Ql -
    skipped,
    .Ql x
    failed as expected; ASCII
    .Ql ok ,
    .Ql FAIL ,
    .Ql skip
    and
    .Ql xf
    when the locale is not UTF-8
    .Pc ,
    its path
    .Pq and Bq Ar flavour
    and its time, aligned; under a failure, indented, why: its diagnostics, a
    timeout and the line it was on, or a unified diff against its expected output
    whose hunks name the line of the script that printed what differs, with
    whitespace at the end of a line shown
    .Po
    .Ql \[pc]
    for a space,
    .Ql \[->]
    for a tab
    .Pc .
    Then the failures again, in the order of their paths, and the closing line
    .Ql N passed, N failed ,
    followed by
    .Ql , N skipped
    and
    .Ql , N xfailed
    where there are some.
    TAP, JSON and JUnit reports list the scripts in the order of their paths,
    whatever
    .Fl j
    says; JSON and JUnit carry each script's output, up to its first megabyte: past that,
    the JSON object has
    .Ql stdout_bytes
    .Pq or Ql stderr_bytes
    with the whole length, and the JUnit XML says how much is shown.
    A script's output past 4 MiB is kept in a temporary file, not in memory, and an expected
    output file past 4 MiB is read as the comparison goes: a script that prints hundreds of
    megabytes costs
    .Nm Cm test
    a few, and is still compared whole; its diff shows the lines where the outputs part,
    numbered as in the whole.
    Marks are coloured only when standard output is a terminal and
    .Ev NO_COLOR
    is unset.
    Nothing but the times depends on the clock.
    .Pp
    A script still running at its time limit
    .Po
    60 seconds, or what
    .Fl Fl timeout
    says, or its own
    .Ql # timeout:
    header, which wins
    .Pc
    gets SIGINT, which stops it at a safe point, and SIGKILL 5 seconds later; its
    report names the line it was running.
    SIGINT or SIGTERM to
    .Cm test
    itself ends the scripts it runs, prints the results so far and writes the JUnit
    file with them, and exits 130 or 143.
    .Pp
    The JUnit file is written atomically and validates against Jenkins' strict
    .Pa junit-10.xsd :
    one
    .Li testsuite ,
    a
    .Li testcase
    per test with its folder as
    .Li classname ,
    dotted
    .Po
    .Ql suite.sub ;
    .Ql placeshell
    for the current folder
    .Pc ,
    and its file's name without
    .Pa .placescript
    .Pq and Bq Ar flavour
    as
    .Li name ,
    a
    .Li failure
    for a failure, an
    .Li error
    for a script that could not run, a
    .Li skipped
    for a skipped one and one that failed as expected, and the output in
    .Li system-out
    and
    .Li system-err .
    A
    .Fl Fl junit
    file that cannot be written is a usage error before anything runs.
    """#

private let testSectionEnd = #"""
    .Pp
    With
    .Fl Fl update ,
    a script that fails only for its expected output has it written anew, a missing
    .Pa .out
    is made
    .Pq and an Pa .err No for a script that prints on standard error ,
    and each file written is listed; a script that failed for another reason, or
    is expected to fail, is not recorded
    .Pq Fl Fl force No records the former .
    .Fl Fl lf
    keeps the failures of each run in
    .Pa $XDG_CACHE_HOME/placeshell/last-failed
    .Pq Pa ~/.cache/placeshell/last-failed .
    .Pp
    The exit status is 0 when every test passed, was skipped or failed as
    expected; 1 when any failed; 2 for a usage error; 5 when no script was found
    .Pq unless Fl Fl allow-empty ;
    130 or 143 when stopped by SIGINT or SIGTERM
    .Pq the tests stopped part-way are reported as errors .
    Since
    .Cm test
    is read as the word, a script file named
    .Pa test
    in the current directory runs as
    .Ql placeshell ./test .
    """#
