/// Something that happened in the simulation and is reported to whoever drives it: an
/// asynchronous callback, a console line of the app, a warning. The model never prints; the
/// shell renders events as text or as `{"event":NAME,…}` JSON lines.
public struct Event: Sendable, Equatable {
    public var name: String
    public var fields: [Value.Field]
    /// The line a person reads in text mode.
    public var text: String

    public init(_ name: String, text: String, fields: [Value.Field] = []) {
        self.name = name
        self.text = text
        self.fields = fields
    }

    /// A line the app printed to its console (`print`/`NSLog`).
    public static func console(_ line: String) -> Event {
        Event("console", text: line, fields: [Value.Field("text", .string(line))])
    }
}

/// The whole simulated world: the virtual clock and everything the model families attach to it.
/// Deterministic: it never reads the wall clock and uses no unseeded randomness.
public final class Session {
    /// Virtual seconds since the session began.
    public private(set) var clock: Double = 0
    /// Where events go as they happen; the shell installs its renderer here.
    public var eventSink: (Event) -> Void

    public init(eventSink: @escaping (Event) -> Void = { _ in }) {
        self.eventSink = eventSink
    }

    /// Reports an event to the driver.
    public func emit(_ event: Event) { eventSink(event) }

    /// Moves the virtual clock forward; time never runs backwards.
    public func advanceClock(to time: Double) {
        if time > clock { clock = time }
    }
}
