/// How much one nested or batch write may do, checked on the request's values before its SQL is built:
/// each answered with a `LimitExceeded` error naming the limit.
package struct WriteLimits: Sendable, Equatable {
    /// Deepest chain of relationships one nested create or update may follow (`create` inside `create`…).
    package var maximumNesting: Int
    /// Most records one mutation field may write or connect, nested records and join records included.
    package var maximumRecords: Int
    /// Most items of one batch mutation's `input` list.
    package var maximumBatch: Int

    /// Creates limits.
    package init(maximumNesting: Int = 5, maximumRecords: Int = 1000, maximumBatch: Int = 100) {
        self.maximumNesting = maximumNesting
        self.maximumRecords = maximumRecords
        self.maximumBatch = maximumBatch
    }

    /// Refuses a write of `records` records whose relationships nest `nesting` deep.
    func check(records: Int, nesting: Int) throws(PlanError) {
        if nesting > maximumNesting {
            throw PlanError(.limitExceeded, "The nested write follows relationships \(nesting) levels deep; the limit is \(maximumNesting) (nested write depth).")
        }
        if records > maximumRecords {
            throw PlanError(.limitExceeded, "The mutation writes \(records) records; the limit is \(maximumRecords) (records per mutation).")
        }
    }

    /// Refuses a batch of `items` items.
    func check(batch items: Int) throws(PlanError) {
        if items > maximumBatch {
            throw PlanError(.limitExceeded, "The batch has \(items) items; the limit is \(maximumBatch) (batch size).")
        }
    }
}
