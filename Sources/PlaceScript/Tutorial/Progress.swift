#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The walk's progress between sessions at the prompt: the steps done, the step it was on and the
// language, in the file `tutorial` beside the prompt's history file
// (`$XDG_STATE_HOME/placeshell/tutorial`, else `~/.local/state/placeshell/tutorial`). Scripts and
// `--no-history` keep no history, and no progress either.

/// What is kept of a walk between sessions.
struct TutorialProgress: Equatable, Sendable {
    var language: String
    /// The student chose the language ('tutorial language XX'): it is taken up again. One that
    /// came from the environment is not, so the next student's own `LANG` wins.
    var languageChosen = false
    /// 0-based indices of the steps done.
    var done: Set<Int>
    /// 0-based index of the step the walk was on, or nil when it had finished or not begun.
    var step: Int?

    /// The file's text: `language en` (`language ko chosen`), `step 4`, `done 1 2 3` (step
    /// numbers from 1).
    var text: String {
        var lines = ["# placeshell tutorial progress", "language \(language)" + (languageChosen ? " chosen" : "")]
        if let step { lines.append("step \(step + 1)") }
        lines.append((["done"] + done.sorted().map { String($0 + 1) }).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the file's text; lines it does not know are skipped, and nil means nothing usable.
    static func parse(_ text: String, steps: Int) -> TutorialProgress? {
        var progress = TutorialProgress(language: "", done: [], step: nil)
        func number(_ word: Substring) -> Int? {
            // safe: parses text: nil when it is not a number
            guard let n = Int(word), n >= 1, n <= steps else { return nil }
            return n - 1
        }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let key = words.first else { continue }
            switch key {
            case "language" where words.count == 2 || (words.count == 3 && words[2] == "chosen"):
                progress.language = String(words[1])
                progress.languageChosen = words.count == 3
            case "step" where words.count == 2: progress.step = number(words[1])
            case "done": progress.done = Set(words.dropFirst().compactMap(number))
            default: continue
            }
        }
        return progress.language.isEmpty ? nil : progress
    }
}

/// The progress file beside the history file at `historyPath`.
func tutorialProgressPath(historyPath: String) -> String {
    directoryName(historyPath) + "/tutorial"
}

extension TutorialWalk {
    /// What the walk would keep now.
    var progress: TutorialProgress {
        TutorialProgress(
            language: language, languageChosen: languageChosen, done: done, step: isRunning ? current : stoppedAt)
    }

    /// Takes up the progress kept in `path`, when there is a readable one.
    func loadProgress(from path: String, steps: Int) {
        progressPath = path
        guard case .success(let bytes) = readWholeFile(path, limit: 1 << 16),
            let saved = TutorialProgress.parse(String(decoding: bytes, as: UTF8.self), steps: steps)
        else { return }
        // A language the student chose is theirs again; one the environment gave stays the
        // environment's, so a new student's LANG is not overridden by the last walk.
        if saved.languageChosen, tutorialCatalogs[saved.language] != nil {
            language = saved.language
            languageChosen = true
        }
        done = saved.done
        stoppedAt = saved.step
        savedProgress = progress
    }

    /// Writes the progress when it changed since it was last written or read. A failure is
    /// quiet: the walk goes on, and the next change tries again.
    func saveProgress() {
        guard let path = progressPath, path.hasPrefix("/") else { return }
        let now = progress
        guard now != savedProgress else { return }
        makeProgressDirectories(directoryName(path))
        if case .success = writeFileAtomically(path, Array(now.text.utf8), newFileMode: 0o600) { savedProgress = now }
    }

    /// Forgets the kept progress: the file is removed.
    func forgetProgress() {
        guard let path = progressPath else { return }
        unlink(path)
        savedProgress = progress
    }
}

/// `mkdir -p` with mode 0700 for the directories it creates.
private func makeProgressDirectories(_ path: String) {
    var current = ""
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        current += "/" + part
        mkdir(current, 0o700)
    }
}
