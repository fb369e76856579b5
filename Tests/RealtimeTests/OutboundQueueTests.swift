import Testing

@testable import Realtime

/// `OutboundQueue`: a connection's outgoing messages, in order, bounded in count and bytes so a client that
/// does not read cannot make the server hold its events without limit; a close is written after what was queued
/// before it, and ends the queue.
@Suite("OutboundQueue: ordered, bounded outgoing messages ending with a close")
struct OutboundQueueTests {
    /// Takes items until the close (included), or until `limit` items.
    private func drain(_ queue: OutboundQueue, limit: Int = 100) async -> [OutboundQueue.Item] {
        var items: [OutboundQueue.Item] = []
        while items.count < limit, let item = await queue.next() {
            items.append(item)
            if case .close = item { break }
        }
        return items
    }

    @Test("Texts come out in the order they were pushed")
    func order() async {
        let queue = OutboundQueue(maximumMessages: 100, maximumBytes: 10_000)
        for index in 0..<20 { #expect(queue.push("message \(index)")) }
        queue.close(code: 1000, reason: "")
        let items = await drain(queue)
        #expect(items == (0..<20).map { .text("message \($0)") } + [.close(code: 1000, reason: "")])
    }

    @Test("A push over maximumMessages is refused and queues nothing; one is accepted again once next() took one")
    func messageLimit() async {
        let queue = OutboundQueue(maximumMessages: 2, maximumBytes: 10_000)
        #expect(queue.push("a"))
        #expect(queue.push("b"))
        #expect(!queue.push("c"))
        #expect(!queue.push("d"))
        #expect(await queue.next() == .text("a"))
        #expect(queue.push("e"))
        #expect(!queue.push("f"))
        #expect(!queue.isClosing, "a full queue is not a closing one")
        queue.close(code: 1008, reason: "slow")
        #expect(await drain(queue) == [.text("b"), .text("e"), .close(code: 1008, reason: "slow")])
    }

    @Test("A control message may go beyond the limit, up to the reserve; events may not")
    func controlReserve() async {
        let queue = OutboundQueue(maximumMessages: 2, maximumBytes: 10_000)
        #expect(queue.push("a") && queue.push("b"))
        #expect(!queue.push("event"))
        for index in 0..<OutboundQueue.controlReserve { #expect(queue.push("ack \(index)", control: true), "\(index)") }
        #expect(!queue.push("one too many", control: true))
    }

    @Test("waitForRoom returns true once the writer drained the queue to half, false after its patience or at a close")
    func waitForRoom() async {
        let queue = OutboundQueue(maximumMessages: 4, maximumBytes: 10_000)
        #expect(await queue.waitForRoom(patience: .seconds(1)), "an empty queue has room")
        for index in 0..<4 { #expect(queue.push("m\(index)")) }
        let started = ContinuousClock.now
        #expect(!(await queue.waitForRoom(patience: .milliseconds(200))), "nobody drains it")
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        let waiting = Task { await queue.waitForRoom(patience: .seconds(600)) }
        #expect(await queue.next() == .text("m0"))
        #expect(queue.push("m4"), "a push is accepted as soon as one message left")
        #expect(await queue.next() == .text("m1"))
        #expect(await queue.next() == .text("m2"))
        #expect(await waiting.value, "two left of four: half")
        // Full again before the waiter starts (else it could see the queue at half and return true); it then
        // waits, or starts after the close: false either way.
        #expect(queue.push("m5") && queue.push("m6"))
        let refused = Task { await queue.waitForRoom(patience: .seconds(600)) }
        try? await Task.sleep(for: .milliseconds(50))
        queue.close(code: 1008, reason: "slow")
        #expect(!(await refused.value))
    }

    @Test("A push over maximumBytes (UTF-8) is refused and queues nothing; the bytes are freed when next() takes a text")
    func byteLimit() async {
        let queue = OutboundQueue(maximumMessages: 100, maximumBytes: 10)
        #expect(queue.push("12345"))
        #expect(!queue.push("123456"), "11 bytes in all")
        #expect(queue.push("éé3"), "5 bytes: two of them 2 bytes each; exactly 10 in all")
        #expect(!queue.push("x"))
        #expect(await queue.next() == .text("12345"))
        #expect(!queue.push("123456"), "11 bytes in all again")
        #expect(queue.push("12345"))
        queue.close(code: 1000, reason: "")
        #expect(await drain(queue) == [.text("éé3"), .text("12345"), .close(code: 1000, reason: "")])
    }

    @Test("A single text larger than maximumBytes is refused even by an empty queue")
    func oversizedText() async {
        let queue = OutboundQueue(maximumMessages: 100, maximumBytes: 4)
        #expect(!queue.push("12345"))
        #expect(!queue.push("ééé"), "6 bytes")
        #expect(queue.push("1234"))
        queue.close(code: 1000, reason: "")
        #expect(await drain(queue) == [.text("1234"), .close(code: 1000, reason: "")])
    }

    @Test("The byte limit is freed by draining many texts, not only the first")
    func bytesFreedOverTime() async {
        let queue = OutboundQueue(maximumMessages: 100, maximumBytes: 6)
        for round in 0..<50 {
            #expect(queue.push("ab\(round % 10)"))
            #expect(queue.push("cd\(round % 10)"))
            #expect(!queue.push("e"), "round \(round)")
            #expect(await queue.next() == .text("ab\(round % 10)"))
            #expect(await queue.next() == .text("cd\(round % 10)"))
        }
    }

    @Test("The close comes after the texts queued before it; pushes after it are refused")
    func closeAfterTexts() async {
        let queue = OutboundQueue(maximumMessages: 10, maximumBytes: 1000)
        #expect(queue.push("one"))
        #expect(queue.push("two"))
        #expect(!queue.isClosing)
        queue.close(code: 4400, reason: "bad message")
        #expect(queue.isClosing)
        #expect(!queue.push("three"))
        #expect(await queue.next() == .text("one"))
        #expect(!queue.push("four"), "refused even with room")
        #expect(await queue.next() == .text("two"))
        #expect(await queue.next() == .close(code: 4400, reason: "bad message"))
    }

    @Test("Only the first close is delivered")
    func closeOnce() async {
        let queue = OutboundQueue(maximumMessages: 10, maximumBytes: 1000)
        queue.close(code: 1011, reason: "restart")
        queue.close(code: 1000, reason: "second")
        #expect(await queue.next() == .close(code: 1011, reason: "restart"))
        #expect(await queue.next() == nil)
    }

    @Test("After the close was taken, next() returns nil, again and again")
    func nilAfterClose() async {
        let queue = OutboundQueue(maximumMessages: 10, maximumBytes: 1000)
        #expect(queue.push("last"))
        queue.close(code: 1000, reason: "")
        #expect(await queue.next() == .text("last"))
        #expect(await queue.next() == .close(code: 1000, reason: ""))
        #expect(await queue.next() == nil)
        #expect(await queue.next() == nil)
        #expect(!queue.push("late"))
        #expect(await queue.next() == nil)
    }

    @Test("A task waiting in next() gets a push made later")
    func waiterGetsPush() async {
        let queue = OutboundQueue(maximumMessages: 10, maximumBytes: 1000)
        let writer = Task { await queue.next() }
        // Give the writer time to wait (the result is the same if it has not yet: the text is queued).
        try? await Task.sleep(for: .milliseconds(100))
        #expect(queue.push("hello"))
        #expect(await writer.value == .text("hello"))
        // The handed-over text took no room: the queue still holds its full allowance.
        for index in 0..<10 { #expect(queue.push("\(index)")) }
        #expect(!queue.push("over"))
    }

    @Test("A task waiting in next() gets a close made later, and then nil")
    func waiterGetsClose() async {
        let queue = OutboundQueue(maximumMessages: 10, maximumBytes: 1000)
        let writer = Task { await queue.next() }
        try? await Task.sleep(for: .milliseconds(100))
        queue.close(code: 1012, reason: "Service Restart")
        #expect(await writer.value == .close(code: 1012, reason: "Service Restart"))
        #expect(!queue.push("late"))
        #expect(await queue.next() == nil)
    }

    @Test("A writer loop draining while producers push from other tasks sees every accepted text once, each producer's in order")
    func concurrentProducers() async {
        let queue = OutboundQueue(maximumMessages: 1_000_000, maximumBytes: 100_000_000)
        let writer = Task { await drain(queue, limit: 100_000) }
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for index in 0..<500 { #expect(queue.push("\(producer):\(index)")) }
                }
            }
        }
        queue.close(code: 1000, reason: "")
        let items = await writer.value
        #expect(items.count == 2001)
        #expect(items.last == .close(code: 1000, reason: ""))
        var texts: [String] = []
        for case .text(let text) in items { texts.append(text) }
        for producer in 0..<4 {
            let own = texts.filter { $0.hasPrefix("\(producer):") }
            #expect(own == (0..<500).map { "\(producer):\($0)" })
        }
    }
}
