import Foundation
import Postgres
import Synchronization
import Testing

/// The pool's job queue without a database: turns between tenants, blocking takes, closing.
@Suite("Pool job queue")
struct JobQueueTests {
    @Test("tenants are taken in turn; after close, puts are refused and what is queued is still taken, then nil")
    func turnsAndClose() {
        let queue = JobQueue<String>()
        for index in 0..<3 { #expect(queue.put(tenant: "busy", "busy\(index)")) }
        #expect(queue.put(tenant: "quiet", "quiet0"))
        #expect(queue.count == 4)
        #expect(queue.take() == "busy0")
        #expect(queue.take() == "quiet0")
        queue.close()
        #expect(!queue.put(tenant: "late", "late0"))
        #expect(queue.take() == "busy1")
        #expect(queue.take() == "busy2")
        #expect(queue.take() == nil)
        #expect(queue.count == 0)
    }

    @Test("a worker blocked on an empty queue wakes for a put, and for close")
    func blockingTake() async {
        let queue = JobQueue<Int>()
        // Blocking takes run on threads of their own, never on the test's concurrency threads.
        func takeOnThread() async -> Int? {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: queue.take()) }.start()
            }
        }
        async let first = takeOnThread()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(queue.put(tenant: "a", 7))
        #expect(await first == 7)
        async let second = takeOnThread()
        try? await Task.sleep(for: .milliseconds(50))
        queue.close()
        #expect(await second == nil)
    }

    @Test("many workers: every job is taken exactly once")
    func everyJobOnce() async {
        let queue = JobQueue<Int>()
        let seen = Mutex<[Int]>([])
        for _ in 0..<4 {
            Thread {
                while let job = queue.take() { seen.withLock { $0.append(job) } }
            }.start()
        }
        for job in 0..<2_000 { #expect(queue.put(tenant: "t\(job % 7)", job)) }
        let deadline = ContinuousClock.now + .seconds(20)
        while seen.withLock({ $0.count }) < 2_000, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        queue.close()
        #expect(seen.withLock { $0.sorted() } == Array(0..<2_000))
    }
}
