import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The virtual clock and the run loop: events ordered by (time, sequence), whole microseconds.
final class RunLoopTests: XCTestCase {
    func testEventsRunInTimeOrderThenInScheduleOrder() {
        let session = Session()
        var ran: [String] = []
        session.schedule(after: 2, "c") { ran.append("c") }
        session.schedule(after: 1, "a") { ran.append("a") }
        session.schedule(after: 1, "b") { ran.append("b") }
        session.schedule(after: 0, "now") { ran.append("now") }
        session.schedule(after: 1, "a2") { ran.append("a2") }
        XCTAssertEqual(session.pendingEvents.map(\.label), ["now", "a", "b", "a2", "c"])
        session.settle()
        XCTAssertEqual(ran, ["now", "a", "b", "a2", "c"])
    }

    /// Events scheduled in a random order, many due at the same time, wait in (time, order
    /// scheduled) order and run in it, as events scheduled by the events that run join them.
    func testRandomEventsRunInTimeOrderThenInScheduleOrder() {
        var rng = SeededRandom(seed: 31)
        for round in 0..<50 {
            let session = Session()
            var expected: [(micros: Int64, sequence: Int)] = []
            var ran: [Int] = []
            func add(after delay: Double) {
                let due = session.clockMicros + Session.micros(delay)
                var sequence = 0
                sequence = session.schedule(after: delay, "e") {
                    ran.append(sequence)
                    if rng.next() % 4 == 0 { add(after: Double(rng.next() % 4) / 2) }
                }
                expected.append((due, sequence))
            }
            for _ in 0..<(1 + round) { add(after: Double(rng.next() % 6) / 2) }
            let waiting = expected.sorted { ($0.micros, $0.sequence) < ($1.micros, $1.sequence) }.map(\.sequence)
            XCTAssertEqual(session.pendingEvents.map(\.sequence), waiting, "round \(round)")
            session.settle()
            XCTAssertEqual(ran.count, expected.count)
            XCTAssertEqual(
                ran, expected.sorted { ($0.micros, $0.sequence) < ($1.micros, $1.sequence) }.map(\.sequence),
                "round \(round)")
        }
    }

    func testSequenceNumbersIncrease() {
        let session = Session()
        let first = session.schedule(after: 5, "x") {}
        let second = session.schedule(after: 0, "y") {}
        XCTAssertEqual(second, first + 1)
        XCTAssertEqual(session.pendingEvents.map(\.sequence), [second, first])
    }

    func testSettleDeliversEverythingAndMovesTheClock() {
        let session = Session()
        var times: [Double] = []
        session.schedule(after: 0.4, "a") {
            times.append(session.clock)
            // Work scheduled by an event runs in the same settle, later on the clock.
            session.schedule(after: 1.0, "b") { times.append(session.clock) }
        }
        session.settle()
        XCTAssertEqual(times, [0.4, 1.4])
        XCTAssertEqual(session.clock, 1.4)
        XCTAssertTrue(session.pendingEvents.isEmpty)
    }

    func testSettleStopsAtItsLimit() {
        let session = Session()
        var count = 0
        func again() {
            session.schedule(after: 1, "tick") {
                count += 1
                again()
            }
        }
        again()
        session.settle(limit: 5)
        XCTAssertEqual(count, 5)
        XCTAssertEqual(session.clock, 5)
        XCTAssertEqual(session.pendingEvents.count, 1)
    }

    func testSettleStopsBeforeATimerThatOnlyTimeReaches() {
        let session = Session()
        var ran: [String] = []
        session.schedule(after: 1, "a") { ran.append("a") }
        session.schedule(after: 5, "timer", onlyWhenDue: true) { ran.append("timer") }
        session.schedule(after: 6, "after") { ran.append("after") }
        session.settle()
        XCTAssertEqual(ran, ["a"])
        XCTAssertEqual(session.clock, 1)
        session.advance(by: 4)
        XCTAssertEqual(ran, ["a", "timer"])
        session.settle()
        XCTAssertEqual(ran, ["a", "timer", "after"])
        // A timer already due runs when settling.
        session.schedule(after: 0, "due", onlyWhenDue: true) { ran.append("due") }
        session.settle()
        XCTAssertEqual(ran.last, "due")
    }

    func testStepRunsOneEventAndReportsWhenNoneIsLeft() {
        let session = Session()
        var ran: [Int] = []
        session.schedule(after: 3, "a") { ran.append(1) }
        session.schedule(after: 7, "b") { ran.append(2) }
        XCTAssertTrue(session.step())
        XCTAssertEqual(ran, [1])
        XCTAssertEqual(session.clock, 3)
        XCTAssertTrue(session.step())
        XCTAssertEqual(session.clock, 7)
        XCTAssertFalse(session.step())
        XCTAssertEqual(session.clock, 7)
    }

    func testAdvanceDeliversOnlyWhatFallsDueAndLandsOnTheEnd() {
        let session = Session()
        var ran: [String] = []
        session.schedule(after: 0.5, "a") { ran.append("a") }
        session.schedule(after: 1.0, "b") { ran.append("b") }
        session.schedule(after: 1.000001, "c") { ran.append("c") }
        session.advance(by: 1.0)
        XCTAssertEqual(ran, ["a", "b"], "an event due exactly at the end runs; one a microsecond later does not")
        XCTAssertEqual(session.clock, 1.0)
        XCTAssertEqual(session.pendingEvents.map(\.label), ["c"])
        session.advance(by: 0.25)
        XCTAssertEqual(ran, ["a", "b", "c"])
        XCTAssertEqual(session.clock, 1.25)
    }

    func testAdvanceWithNothingPendingStillMovesTheClock() {
        let session = Session()
        session.advance(by: 90)
        XCTAssertEqual(session.clock, 90)
    }

    func testAdvanceRunsEventsScheduledOnTheWayIfTheyFallDue() {
        let session = Session()
        var ran: [Double] = []
        session.schedule(after: 1, "a") {
            ran.append(session.clock)
            session.schedule(after: 1, "b") { ran.append(session.clock) }
            session.schedule(after: 5, "late") { ran.append(session.clock) }
        }
        session.advance(by: 3)
        XCTAssertEqual(ran, [1, 2])
        XCTAssertEqual(session.clock, 3)
        XCTAssertEqual(session.pendingEvents.map(\.time), [6])
    }

    func testAdvanceCanBeInterrupted() {
        let session = Session()
        var ran = 0
        for i in 1...4 { session.schedule(after: Double(i), "e\(i)") { ran += 1 } }
        session.advance(by: 10, interrupted: { ran == 2 })
        XCTAssertEqual(ran, 2)
        XCTAssertEqual(session.clock, 2, "an interrupted advance stops where it was")
    }

    func testNoFloatingPointDrift() {
        // 0.4 + 1.0 + 0.4 is 1.7999999999999998 in Double; the clock counts microseconds.
        let session = Session()
        session.advance(by: 0.4)
        session.advance(by: 1.0)
        session.advance(by: 0.4)
        XCTAssertEqual(session.clock, 1.8)

        let chained = Session()
        var at: Double?
        chained.schedule(after: 0.4, "a") {
            chained.schedule(after: 1.0, "b") {
                chained.schedule(after: 0.4, "c") { at = chained.clock }
            }
        }
        chained.settle()
        XCTAssertEqual(at, 1.8)

        let many = Session()
        for _ in 0..<1000 { many.advance(by: 0.1) }
        XCTAssertEqual(many.clock, 100)
    }

    func testDurationsRoundToWholeMicroseconds() {
        XCTAssertEqual(Session.micros(0.4), 400_000)
        XCTAssertEqual(Session.micros(1.8), 1_800_000)
        XCTAssertEqual(Session.micros(0.0000004), 0)
        XCTAssertEqual(Session.micros(0.0000006), 1)
        XCTAssertEqual(Session.micros(-3), 0)
        XCTAssertEqual(Session.micros(.nan), 0)
        XCTAssertEqual(Session.micros(.infinity), 0)
    }

    func testNegativeDelayRunsNowNotInThePast() {
        let session = Session()
        session.advance(by: 5)
        var at: Double?
        session.schedule(after: -2, "past") { at = session.clock }
        session.settle()
        XCTAssertEqual(at, 5)
    }

    func testCancelRemovesOnlyThatEvent() {
        let session = Session()
        var ran: [String] = []
        session.schedule(after: 1, "a") { ran.append("a") }
        let b = session.schedule(after: 1, "b") { ran.append("b") }
        session.schedule(after: 1, "c") { ran.append("c") }
        session.cancel(b)
        session.cancel(9999)  // unknown: nothing happens
        XCTAssertEqual(session.pendingEvents.map(\.label), ["a", "c"])
        session.settle()
        XCTAssertEqual(ran, ["a", "c"])
    }

    func testEventsOwnedByAnAppDieWhenItTerminates() {
        let h = Harness()
        h.locateSydney()
        let app = h.session.launch(flavor: .swift)
        var other = false
        h.session.schedule(after: 0.1, "not the app's") { other = true }
        XCTAssertFalse(h.session.pendingEvents.isEmpty)
        h.session.terminate()
        XCTAssertFalse(app.isRunning)
        XCTAssertNil(h.session.app)
        XCTAssertEqual(h.session.pendingEvents.map(\.label), ["not the app's"])
        h.session.settle()
        XCTAssertTrue(other)
        XCTAssertEqual(h.log, [], "no callback of the ended app runs")
        XCTAssertEqual(h.eventNames(), [])
    }

    func testRelaunchDropsThePreviousAppsEvents() {
        let h = Harness()
        let first = h.session.launch(flavor: .swift)
        let second = h.session.launch(flavor: .objc)
        XCTAssertFalse(first.isRunning)
        XCTAssertTrue(second.isRunning)
        h.session.settle()
        // Only the second launch's initial callback (Objective-C: NSLog lines) and its error.
        XCTAssertEqual(h.log.count, 4)
        XCTAssertTrue(h.log.allSatisfy { $0.contains("current-place-on-map[4242:61337]") }, "\(h.log)")
    }
}
