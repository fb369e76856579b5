import ArgumentParser
import Foundation
import Postgres

extension Serve {
    /// Checks the options for running behind a connection pooler and beside other instances (docs/scaling.md):
    /// the pooler mode, the key cache's bound, the instance's id, and the combinations transaction pooling refuses.
    func validateScaleOutOptions() throws {
        if let mode = ProcessInfo.processInfo.environment["MODELGRAPH_POOLER"], PoolerMode(rawValue: mode) == nil {
            throw ValidationError("MODELGRAPH_POOLER must be one of \(PoolerMode.allValueStrings.joined(separator: ", ")); got '\(mode)'.")
        }
        guard keyCacheSeconds >= 1 else { throw ValidationError("--key-cache-seconds must be a positive number; got \(keyCacheSeconds).") }
        guard !instanceID.isEmpty, instanceID.utf8.count <= 64, instanceID.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" }) else {
            throw ValidationError("--instance-id must be 1 to 64 printable ASCII characters without spaces, quotes or backslashes; got '\(instanceID)'.")
        }
        if pooler == .transaction {
            guard pipelinedConnections == 0 else {
                throw ValidationError(
                    "--pipelined-connections cannot be used with --pooler transaction: a pipeline sends the next statement before the last one's transaction ended and keeps named statements."
                )
            }
            guard !directDatabaseURL.isEmpty else {
                throw ValidationError(
                    "--pooler transaction needs --direct-database-url (or MODELGRAPH_DIRECT_DATABASE_URL): the change feed behind subscriptions and API key revocations LISTENs, which needs a session a transaction pooler does not keep. Give a URL that reaches PostgreSQL itself."
                )
            }
        } else if !directDatabaseURL.isEmpty {
            throw ValidationError("--direct-database-url is for --pooler transaction only; without it every connection reaches the database through --database-url.")
        }
    }
}
