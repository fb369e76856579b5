import HTTPTypes

/// The headers of read-your-writes with read replicas (docs/scaling.md).
enum ReadYourWrites {
    /// Sent by a client: serve this request's reads only from a replica that has replayed this position.
    static let minimumHeader = HTTPField.Name("x-modelgraph-min-lsn")!
    /// Sent back on a response whose writes committed: the position at or after their commit.
    static let committedHeader = HTTPField.Name("x-modelgraph-lsn")!
}
