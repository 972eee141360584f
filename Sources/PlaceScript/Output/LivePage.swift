import PlaceFormats
import PlaceKit

/// The live page (`placeshell --live`, `live on`): the phone as `snapshot` draws it, the last
/// command with its output, the app's last console lines and, during `tutorial`, the current
/// step in the walk's language. The page is served with the state of the moment; its script
/// listens to the event stream and draws each new state as it comes (one JSON object, a
/// `frame`, after each command).
public enum LivePage {
    /// How many lines of output and of the console a frame carries (the latest).
    public static let lines = 40

    /// The session's state after the last command, as one line of JSON: `seq` (counts the
    /// frames), `command` and `failed` (nil before the first), `output`, `console`, `phone`
    /// (the SVG, nil while the app is not running), `tutorial` (`lang`, `dir`, `heading`,
    /// `paragraphs`, `typeLabel` and the commands to `type`; nil outside a walk) and `clock`
    /// (the virtual date).
    public static func frame(_ shell: Shell, sequence: Int) -> String {
        let session = shell.session
        var phone = Value.null
        if let app = session.app {
            phone = .string(SVGSnapshot(scene: MapScene(app: app, session: session)).render().svg)
        }
        var tutorial = Value.null
        if let step = tutorialStepText(shell) {
            let keep = step.words.rightToLeft ? keepingNumbersInOrder : { $0 }
            tutorial = .record([
                Value.Field("lang", .string(step.language)),
                Value.Field("dir", .string(step.words.rightToLeft ? "rtl" : "ltr")),
                Value.Field("heading", .string(keep(step.heading))),
                Value.Field("paragraphs", .list(step.paragraphs.map { .string(keep($0)) })),
                Value.Field("typeLabel", .string(step.typeLabel)),
                Value.Field("type", .list(step.type.map { .string($0) })),
            ])
        }
        let command = shell.lastInvocation.map { Value.string(oneLine($0.text)) } ?? .null
        return jsonText(
            .record([
                Value.Field("seq", .int(sequence)), Value.Field("command", command),
                Value.Field("failed", .bool(shell.lastInvocation != nil && shell.lastFailed)),
                Value.Field(
                    "output",
                    .list((shell.lastOutput + shell.liveEventLines).suffix(lines).map { .string(withoutColours($0)) })),
                Value.Field("console", .list(session.log.suffix(lines).map { .string($0) })),
                Value.Field("phone", phone), Value.Field("tutorial", tutorial),
                Value.Field("clock", .string(VirtualDate(clock: session.clock).iso8601)),
            ]))
    }

    /// The page, showing `frame` at once; its script follows `events` (a path with the token).
    public static func html(frame: String, events: String) -> String {
        // `</` cannot end the script element the frame sits in.
        let embedded = frame.split(separator: "</", omittingEmptySubsequences: false).joined(separator: "<\\/")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>placeshell live</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header><h1>placeshell live</h1><span id="status" class="waiting">connecting…</span><span id="clock"></span></header>
            <main>
            <section id="phone" aria-label="the phone"></section>
            <section id="text">
            <div id="tutorial" hidden></div>
            <h2 id="command"></h2>
            <pre id="output"></pre>
            <h3>console</h3>
            <pre id="console"></pre>
            </section>
            </main>
            <script type="application/json" id="frame">\(embedded)</script>
            <script>
            \(script.replacingEvents(with: events))</script>
            </body>
            </html>

            """
    }

    private static let style = """
        body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #1d1d1f; background: #f4f4f6; }
        header { display: flex; gap: 1em; align-items: baseline; padding: .5em 1em; background: #1d1d1f; color: #fff; }
        header h1 { font-size: 1em; margin: 0; }
        #status.live { color: #7ee787; } #status.waiting { color: #f2cc60; } #status.lost { color: #ff7b72; }
        #clock { margin-left: auto; font-variant-numeric: tabular-nums; opacity: .8; }
        main { display: flex; flex-wrap: wrap; gap: 1.5em; padding: 1em; align-items: flex-start; }
        #phone { flex: 0 0 auto; width: min(393px, 90vw); }
        #phone svg { width: 100%; height: auto; border-radius: 28px; box-shadow: 0 2px 14px #0003; background: #fff; }
        #phone p { padding: 2em 1em; text-align: center; background: #fff; border-radius: 28px; color: #666; }
        #text { flex: 1 1 24em; min-width: 0; }
        #command { font: 600 1.1em ui-monospace, monospace; margin: 0 0 .3em; }
        #command.failed { color: #b3261e; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 1em; padding: .6em; background: #fff;
              border-radius: 6px; font: 13px/1.4 ui-monospace, monospace; unicode-bidi: plaintext; }
        h3 { font-size: .85em; text-transform: uppercase; letter-spacing: .05em; color: #666; margin: .5em 0 .2em; }
        #tutorial { background: #fff8e1; border-left: 4px solid #f2b600; padding: .5em 1em; margin-bottom: 1em; }
        #tutorial h3 { text-transform: none; letter-spacing: 0; font-size: 1.05em; color: #1d1d1f; }
        :lang(ko) { word-break: keep-all; }

        """

    private static let script = """
        "use strict";
        const $ = (id) => document.getElementById(id);
        let last = -1;
        function draw(f) {
          if (f.seq <= last) return;
          last = f.seq;
          $("clock").textContent = f.clock;
          const command = $("command");
          command.textContent = f.command === null ? "" : "> " + f.command;
          command.className = f.failed ? "failed" : "";
          $("output").textContent = f.output.join("\\n");
          $("console").textContent = f.console.join("\\n");
          const phone = $("phone");
          if (f.phone === null) {
            phone.replaceChildren(Object.assign(document.createElement("p"), { textContent: "the app is not running" }));
          } else {
            const svg = new DOMParser().parseFromString(f.phone, "image/svg+xml").documentElement;
            phone.replaceChildren(document.importNode(svg, true));
          }
          const t = $("tutorial");
          if (f.tutorial === null) {
            t.hidden = true;
            t.replaceChildren();
          } else {
            t.hidden = false;
            t.lang = f.tutorial.lang;
            t.dir = f.tutorial.dir;
            const parts = [Object.assign(document.createElement("h3"), { textContent: f.tutorial.heading })];
            for (const p of f.tutorial.paragraphs) parts.push(Object.assign(document.createElement("p"), { textContent: p }));
            if (f.tutorial.type.length > 0) {
              // The commands stay left to right in a right-to-left walk, as at the terminal.
              parts.push(Object.assign(document.createElement("p"), { textContent: f.tutorial.typeLabel }));
              const code = Object.assign(document.createElement("pre"), { className: "type", dir: "ltr" });
              code.textContent = f.tutorial.type.join("\\n");
              parts.push(code);
            }
            t.replaceChildren(...parts);
          }
          document.body.dataset.seq = String(f.seq);
        }
        draw(JSON.parse($("frame").textContent));
        const status = (word, cls) => { const s = $("status"); s.textContent = word; s.className = cls; };
        const events = new EventSource("EVENTS");
        events.addEventListener("frame", (e) => { status("live", "live"); draw(JSON.parse(e.data)); });
        events.addEventListener("end", () => { events.close(); status("placeshell has stopped", "lost"); });
        events.onopen = () => status("live", "live");
        events.onerror = () => status(events.readyState === EventSource.CLOSED ? "placeshell has stopped" : "reconnecting…", "lost");

        """
}

extension String {
    /// The page's script with its event stream's path in place.
    fileprivate func replacingEvents(with path: String) -> String {
        split(separator: "EVENTS", omittingEmptySubsequences: false).joined(separator: path)
    }
}
