import PlaceFormats
import PlaceKit

/// A storyboard as one self-contained HTML page: a step for each recorded command (the command,
/// its output, the app's console lines, the phone as an inline SVG, the tutorial's step text),
/// a list of the steps, previous and next buttons and the arrow keys. Its style and script are
/// inline; it refers to nothing outside itself, so it works opened from a file.
///
/// Each phone is drawn once, in the first step that shows it; a later step whose phone is the
/// same refers to it, and the page's script puts a copy in place when that step is shown (a
/// link to the first step stands in without a script). A storyboard cut to its size limit
/// says so at the top.
/// The tutorial's step as a storyboard step shows it: in the walk's language.
struct StoryboardTutorial {
    var language: String
    var heading: String
    var paragraphs: [String]
    var words: StoryboardWords
    /// The step's commands to type, under their label ("Type:" in English), as the terminal
    /// shows them.
    var typeLabel = ""
    var type: [String] = []
}

/// The page's own words (its buttons, its position, its notes) in one language, with the
/// language's code, direction and digits: those of the walk it recorded, English otherwise.
struct StoryboardWords {
    var language = "en"
    var rightToLeft = false
    var previous = "◀ Previous"
    var next = "Next ▶"
    /// "step {n} of {total}"
    var position = "step {n} of {total}"
    var console = "console"
    var noApp = "the app is not running"
    /// "the phone as in step {n}"
    var sameAs = "the phone as in step {n}"
    var digits = "0123456789"

    init() {}

    init(_ text: TutorialText) {
        language = text.language
        rightToLeft = text.direction == .rtl
        previous = text.message("pagePrevious")
        next = text.message("pageNext")
        position = text.message("pagePosition")
        console = text.message("pageConsole")
        noApp = text.message("pageNoApp")
        sameAs = text.message("pageSameAs")
        digits = String(text.digits)
    }

    /// `n` written with the language's digits, as the walk writes it.
    func number(_ n: Int) -> String {
        var text = TutorialText()
        text.digits = Array(digits)
        return text.number(n)
    }

    func position(_ n: Int, of total: Int) -> String {
        WhyText.filledIn(position, ["n": number(n), "total": number(total)])
    }

    /// `lang` and `dir` for an element in this language.
    var attributes: String { " lang=\"\(xmlEscaped(language))\" dir=\"\(rightToLeft ? "rtl" : "ltr")\"" }
}

struct StoryboardPage {
    let steps: [StoryboardStep]
    let frames: [String]
    let title: String
    var limitedFrom: Int? = nil
    /// Commands that came after the page was full, not on it.
    var notRecorded = 0

    /// The page's language: that of the walk when every step of it that shows the tutorial is
    /// in one language, English otherwise.
    var words: StoryboardWords {
        let languages = Set(steps.compactMap { $0.tutorial?.language })
        guard languages.count == 1, let first = steps.lazy.compactMap(\.tutorial).first else {
            return StoryboardWords()
        }
        return first.words
    }

    func render() -> String {
        let words = self.words
        var out = "<!DOCTYPE html>\n<html\(words.attributes)>\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>\(xmlEscaped(title)) — placeshell storyboard</title>\n"
        out += "<style>\n" + Self.style + "</style>\n</head>\n<body>\n"
        out += "<header><h1 dir=\"auto\">\(xmlEscaped(title))</h1>"
        out += "<nav><button id=\"prev\" type=\"button\">\(xmlEscaped(words.previous))</button>"
        // The script writes the position as the step changes, from the same words.
        out +=
            "<span id=\"position\" data-words=\"\(xmlEscaped(words.position))\" data-digits=\"\(xmlEscaped(words.digits))\">"
        out += "\(steps.isEmpty ? "no steps" : xmlEscaped(words.position(1, of: steps.count)))</span>"
        out += "<button id=\"next\" type=\"button\">\(xmlEscaped(words.next))</button></nav></header>\n"
        if let limitedFrom {
            out += "<p class=\"limit\">This storyboard reached its 64 MiB limit at step \(limitedFrom): "
            out += "from there, a step keeps its command, and its phone and output only where they fit"
            out +=
                notRecorded > 0
                ? "; the \(counted(notRecorded, "command")) after the last step are not on it.</p>\n" : ".</p>\n"
        }
        out += "<main>\n<ol id=\"steps\" dir=\"ltr\">\n"
        for (i, step) in steps.enumerated() {
            out +=
                "<li><a href=\"#step-\(i + 1)\" data-step=\"\(i)\"\(step.failed ? " class=\"failed\"" : "")>\(xmlEscaped(escapingControlCharacters(step.command)))</a></li>\n"
        }
        out += "</ol>\n"
        var drawnAt: [Int: Int] = [:]
        for (i, step) in steps.enumerated() {
            out += "<section class=\"step\" id=\"step-\(i + 1)\"\(i == 0 ? "" : " hidden")>\n"
            out += "<div class=\"text\">\n"
            if let tutorial = step.tutorial {
                // In the walk's language and direction; numbers in right-to-left prose kept in order.
                let keep = tutorial.words.rightToLeft ? keepingNumbersInOrder : { $0 }
                out += "<div class=\"tutorial\"\(tutorial.words.attributes)>"
                out += "<h3>\(xmlEscaped(keep(tutorial.heading)))</h3>"
                for p in tutorial.paragraphs { out += "<p>\(xmlEscaped(keep(p)))</p>" }
                out += "</div>\n"
            }
            out +=
                "<h2 class=\"command\" dir=\"ltr\"><span class=\"prompt\">placeshell&gt;</span> \(xmlEscaped(escapingControlCharacters(step.command)))</h2>\n"
            if !step.output.isEmpty {
                out +=
                    "<pre class=\"output\(step.failed ? " error" : "")\" dir=\"ltr\">\(xmlEscaped(visibleControls(step.output.joined(separator: "\n"), colours: false)))</pre>\n"
            }
            if !step.console.isEmpty {
                out +=
                    "<h4>\(xmlEscaped(words.console))</h4><pre class=\"console\" dir=\"ltr\">\(xmlEscaped(visibleControls(step.console.joined(separator: "\n"), colours: false)))</pre>\n"
            }
            out += "</div>\n"
            if let frame = step.frame, frame < frames.count {
                if let first = drawnAt[frame] {
                    out += "<div class=\"phone\" data-frame=\"\(frame)\" data-same-as=\"\(first + 1)\">"
                    out +=
                        "<p class=\"no-app\"><a href=\"#step-\(first + 1)\">\(xmlEscaped(WhyText.filledIn(words.sameAs, ["n": words.number(first + 1)])))</a></p>"
                } else {
                    drawnAt[frame] = i
                    // The snapshot without its XML declaration, inline.
                    let svg = frames[frame]
                    out += "<div class=\"phone\" data-frame=\"\(frame)\">"
                    out += svg.hasPrefix("<?xml") ? String(svg.drop { $0 != "\n" }.dropFirst()) : svg
                }
            } else if step.phoneLeftOut {
                out +=
                    "<div class=\"phone\"><p class=\"no-app\">the phone is not kept: the storyboard is at its 64 MiB limit</p>"
            } else {
                out += "<div class=\"phone\"><p class=\"no-app\">\(xmlEscaped(words.noApp))</p>"
            }
            out += "</div>\n</section>\n"
        }
        out += "</main>\n<script>\n" + Self.script + "</script>\n</body>\n</html>\n"
        return out
    }

    static let style = """
        body { margin: 0; font: 14px \(SVGSnapshot.fonts); color: #202124; background: #f4f5f7; }
        :lang(ko) { word-break: keep-all; }
        .phone { direction: ltr; }
        header { display: flex; align-items: center; justify-content: space-between; padding: 8px 16px; background: #ffffff; border-bottom: 1px solid #dadce0; }
        h1 { font-size: 18px; margin: 0; }
        nav button { font: inherit; padding: 4px 12px; margin: 0 6px; }
        main { display: grid; grid-template-columns: 220px 1fr; gap: 16px; padding: 16px; }
        #steps { margin: 0; padding-left: 28px; font-family: monospace; font-size: 12px; max-height: 900px; overflow: auto; }
        #steps a { color: #1a73e8; text-decoration: none; }
        #steps a.failed { color: #d93025; }
        #steps li.current a { font-weight: bold; color: #202124; }
        .step { grid-column: 2; display: grid; grid-template-columns: minmax(300px, 1fr) 421px; gap: 16px; align-items: start; }
        .step[hidden] { display: none; }
        .command { font: bold 15px monospace; margin: 0 0 8px; }
        .prompt { color: #80868b; }
        pre { background: #ffffff; border: 1px solid #dadce0; padding: 8px; overflow: auto; white-space: pre; unicode-bidi: plaintext; }
        pre.error { color: #d93025; }
        pre.console { background: #202124; color: #e8eaed; }
        .tutorial { background: #e8f0fe; padding: 8px 12px; margin-bottom: 12px; }
        .tutorial h3 { margin: 4px 0; }
        .phone svg { display: block; }
        .no-app { color: #80868b; font-style: italic; }
        .limit { margin: 8px 16px 0; padding: 6px 10px; background: #fef7e0; border: 1px solid #f9ab00; }

        """

    static let script = """
        (function () {
          var sections = document.querySelectorAll('section.step');
          var links = document.querySelectorAll('#steps a');
          var current = 0;
          function show(i) {
            if (sections.length === 0) return;
            current = Math.max(0, Math.min(sections.length - 1, i));
            for (var k = 0; k < sections.length; k++) {
              sections[k].hidden = k !== current;
              links[k].parentNode.className = k === current ? 'current' : '';
            }
            // A phone drawn in an earlier step: a copy of it, made the first time it is shown.
            var shared = sections[current].querySelector('.phone[data-same-as]');
            if (shared && !shared.querySelector('svg')) {
              var drawn = document.querySelector('.phone[data-frame="' + shared.getAttribute('data-frame') + '"]:not([data-same-as]) svg');
              if (drawn) shared.replaceChildren(drawn.cloneNode(true));
            }
            var position = document.getElementById('position');
            var digits = position.getAttribute('data-digits') || '0123456789';
            function written(n) { return String(n).replace(/[0-9]/g, function (d) { return digits.charAt(Number(d)); }); }
            position.textContent = (position.getAttribute('data-words') || 'step {n} of {total}')
              .replace('{n}', written(current + 1)).replace('{total}', written(sections.length));
            document.body.setAttribute('data-current', String(current + 1));
          }
          document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
          document.getElementById('next').addEventListener('click', function () { show(current + 1); });
          // A step's link is its address (tour.html#step-3): the page opens at the step it names.
          function named() {
            var m = /^#step-([0-9]+)$/.exec(window.location.hash);
            return m ? Number(m[1]) - 1 : 0;
          }
          window.addEventListener('hashchange', function () { show(named()); });
          for (var k = 0; k < links.length; k++) {
            links[k].addEventListener('click', function () { show(Number(this.getAttribute('data-step'))); });
          }
          document.addEventListener('keydown', function (e) {
            if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { show(current + 1); e.preventDefault(); }
            if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { show(current - 1); e.preventDefault(); }
          });
          show(named());
        })();

        """
}
