import Postgres
import Testing

@Suite("FIFO queue")
struct FIFOQueueTests {
    @Test("elements come out in the order they went in, across compactions and with appends between takes")
    func keepsOrder() {
        var queue = FIFOQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
        var taken: [Int] = []
        var next = 0
        // Appends three, takes two, so the head moves far enough for the storage to be compacted many times.
        for _ in 0..<500 {
            for _ in 0..<3 {
                queue.append(next)
                next += 1
            }
            for _ in 0..<2 { taken.append(queue.popFirst()!) }
        }
        #expect(queue.first == taken.count)
        let rest = queue.removeAll()
        #expect(taken + rest == Array(0..<next))
        #expect(queue.isEmpty)
        #expect(queue.first == nil)
    }
}
