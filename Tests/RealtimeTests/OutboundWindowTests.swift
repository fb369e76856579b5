import Synchronization
import Testing

@testable import Realtime

/// `OutboundWindow`: what a connection handed to its socket and not yet saw written, bounded in count and bytes
/// so a client that does not read cannot make the server hold its events without limit; messages reach the socket
/// in the order they were admitted; a close is requested once and refuses what comes after it.
@Suite("OutboundWindow: bounded messages in flight to the socket, in order, ending with a close")
struct OutboundWindowTests {
    /// What a test's socket was handed, in order.
    private final class Sent: Sendable {
        let texts = Mutex<[String]>([])
        func append(_ text: String) { texts.withLock { $0.append(text) } }
        var all: [String] { texts.withLock { $0 } }
    }

    /// Admits `text` (its UTF-8 size), recording it in `sent` when it is handed over.
    private func admit(_ window: OutboundWindow, _ text: String, control: Bool = false, into sent: Sent) -> Bool {
        window.admit(size: text.utf8.count, control: control) { sent.append(text) }
    }

    @Test("Admitted messages are handed over at once, in order; a refused one is not handed over")
    func order() {
        let window = OutboundWindow(maximumMessages: 100, maximumBytes: 10_000)
        let sent = Sent()
        for index in 0..<20 { #expect(admit(window, "message \(index)", into: sent)) }
        #expect(sent.all == (0..<20).map { "message \($0)" })
    }

    @Test("A message over maximumMessages is refused; one is admitted again once the socket wrote one")
    func messageLimit() {
        let window = OutboundWindow(maximumMessages: 2, maximumBytes: 10_000)
        let sent = Sent()
        #expect(admit(window, "a", into: sent) && admit(window, "b", into: sent))
        #expect(!admit(window, "c", into: sent))
        #expect(!admit(window, "d", into: sent))
        window.release(size: 1)
        #expect(admit(window, "e", into: sent))
        #expect(!admit(window, "f", into: sent))
        #expect(!window.isClosing, "a full window is not a closing one")
        #expect(sent.all == ["a", "b", "e"])
    }

    @Test("A control message may go beyond the limit, up to the reserve; events may not")
    func controlReserve() {
        let window = OutboundWindow(maximumMessages: 2, maximumBytes: 10_000)
        let sent = Sent()
        #expect(admit(window, "a", into: sent) && admit(window, "b", into: sent))
        #expect(!admit(window, "event", into: sent))
        for index in 0..<OutboundWindow.controlReserve { #expect(admit(window, "ack \(index)", control: true, into: sent), "\(index)") }
        #expect(!admit(window, "one too many", control: true, into: sent))
        #expect(sent.all.count == 2 + OutboundWindow.controlReserve)
    }

    @Test("A message over maximumBytes is refused; bytes come back as the socket writes, over many rounds")
    func byteLimit() {
        let window = OutboundWindow(maximumMessages: 100, maximumBytes: 10)
        let sent = Sent()
        #expect(admit(window, "12345", into: sent))
        #expect(!admit(window, "123456", into: sent), "11 bytes in all")
        #expect(admit(window, "éé3", into: sent), "5 bytes: two of them 2 bytes each; exactly 10 in all")
        #expect(!admit(window, "x", into: sent))
        window.release(size: 5)
        #expect(!admit(window, "123456", into: sent), "11 bytes in all again")
        #expect(admit(window, "12345", into: sent))
        for round in 0..<50 {
            window.release(size: 5)
            window.release(size: 5)
            #expect(admit(window, "ab\(round % 10)", into: sent) && admit(window, "cd\(round % 10)", into: sent))
            #expect(admit(window, "1234", into: sent), "10 bytes")
            #expect(!admit(window, "e", into: sent), "round \(round)")
            window.release(size: 4)
            window.release(size: 3)
            window.release(size: 3)
            #expect(admit(window, "12345", into: sent) && admit(window, "12345", into: sent))
        }
    }

    @Test("A single message larger than maximumBytes is refused even by an empty window")
    func oversized() {
        let window = OutboundWindow(maximumMessages: 100, maximumBytes: 4)
        let sent = Sent()
        #expect(!admit(window, "12345", into: sent))
        #expect(!admit(window, "ééé", into: sent), "6 bytes")
        #expect(admit(window, "1234", into: sent))
        #expect(sent.all == ["1234"])
    }

    @Test("waitForRoom returns true once the socket wrote the window down to half, false after its patience or at a close")
    func waitForRoom() async {
        let window = OutboundWindow(maximumMessages: 4, maximumBytes: 10_000)
        let sent = Sent()
        #expect(await window.waitForRoom(patience: .seconds(1)), "an empty window has room")
        for index in 0..<4 { #expect(admit(window, "m\(index)", into: sent)) }
        let started = ContinuousClock.now
        #expect(!(await window.waitForRoom(patience: .milliseconds(200))), "nothing is written")
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        let waiting = Task { await window.waitForRoom(patience: .seconds(600)) }
        window.release(size: 2)
        #expect(admit(window, "m4", into: sent), "a message is admitted as soon as one was written")
        window.release(size: 2)
        window.release(size: 2)
        #expect(await waiting.value, "two left of four: half")
        // Full again before the waiter starts (else it could see the window at half and return true); it then
        // waits, or starts after the close: false either way.
        #expect(admit(window, "m5", into: sent) && admit(window, "m6", into: sent))
        let refused = Task { await window.waitForRoom(patience: .seconds(600)) }
        try? await Task.sleep(for: .milliseconds(50))
        window.close(code: 1008, reason: "slow")
        #expect(!(await refused.value))
    }

    @Test("A close is taken once (the first request wins); nothing is admitted after it, even with room")
    func closeOnce() async {
        let window = OutboundWindow(maximumMessages: 10, maximumBytes: 1000)
        let sent = Sent()
        #expect(admit(window, "one", into: sent))
        #expect(!window.isClosing)
        window.close(code: 1011, reason: "restart")
        window.close(code: 1000, reason: "second")
        #expect(window.isClosing)
        #expect(!admit(window, "late", into: sent))
        #expect(await window.closeRequest() == .init(code: 1011, reason: "restart"))
        #expect(await window.closeRequest() == nil)
        #expect(await window.closeRequest() == nil)
        #expect(sent.all == ["one"])
    }

    @Test("A task waiting in closeRequest() gets a close requested later, and then nil")
    func waiterGetsClose() async {
        let window = OutboundWindow(maximumMessages: 10, maximumBytes: 1000)
        let closer = Task { await window.closeRequest() }
        try? await Task.sleep(for: .milliseconds(100))
        window.close(code: 1012, reason: "Service Restart")
        #expect(await closer.value == .init(code: 1012, reason: "Service Restart"))
        #expect(await window.closeRequest() == nil)
    }

    @Test("Producers admitting from several tasks hand every admitted message over once, each producer's in order")
    func concurrentProducers() async {
        let window = OutboundWindow(maximumMessages: 1_000_000, maximumBytes: 100_000_000)
        let sent = Sent()
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for index in 0..<500 { #expect(admit(window, "\(producer):\(index)", into: sent)) }
                }
            }
        }
        let texts = sent.all
        #expect(texts.count == 2000)
        for producer in 0..<4 {
            let own = texts.filter { $0.hasPrefix("\(producer):") }
            #expect(own == (0..<500).map { "\(producer):\($0)" })
        }
    }
}
