import CLibPQ
import Foundation

extension PostgresConnection {
    /// Runs `body` inside `BEGIN … COMMIT` on this connection, rolling back when it throws. The transaction's
    /// id is read together with `BEGIN` (one round trip), so when the connection breaks with `COMMIT` in
    /// flight, a fresh connection asks the server what became of it (`txid_status`): committed is success,
    /// aborted is a plain connection error (nothing was applied), and only a server that cannot tell leaves
    /// the error marked `outcomeUnknown`. A connection lost before `COMMIT` was sent rolled everything back.
    package func transaction<Value>(_ body: (PostgresConnection) throws -> Value) throws -> Value {
        let transactionID = try begin()
        let value: Value
        do {
            value = try body(self)
        } catch {
            endAfterFailure()
            if var failure = error as? PostgresError, failure.kind == .connection {
                failure.outcomeUnknown = false
                throw failure
            }
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            guard error.kind == .connection else { throw error }
            var failure = error
            switch committed(transactionID) {
            case true?: return value
            case false?: failure.outcomeUnknown = false
            case nil: failure.outcomeUnknown = true
            }
            throw failure
        }
        return value
    }

    /// `BEGIN` and the new transaction's id in one round trip; retried once on a fresh connection when this one
    /// turns out to be dead (nothing has been applied yet).
    private func begin() throws(PostgresError) -> String {
        do {
            return try beginOnce()
        } catch {
            guard error.kind == .connection, !isHealthy else { throw error }
            try reconnectIfNeeded()
            return try beginOnce()
        }
    }

    private func beginOnce() throws(PostgresError) -> String {
        let result = try execute((["BEGIN"] + transactionSetup + ["SELECT txid_current()::text"]).joined(separator: "; "))
        guard let transactionID = result.scalar else {
            throw PostgresError(kind: .server, message: "BEGIN returned no transaction id", query: "BEGIN")
        }
        return transactionID
    }

    /// Rolls back after `body` failed; a broken connection has no transaction left to roll back.
    private func endAfterFailure() {
        _ = try? execute("ROLLBACK")
    }

    /// Whether transaction `transactionID` committed, asked on fresh connections for up to about a second
    /// (the old session may still be finishing); nil when the server cannot be reached or cannot tell.
    private func committed(_ transactionID: String) -> Bool? {
        for attempt in 0..<10 {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.1) }
            do {
                try reconnectIfNeeded()
                switch try query("SELECT txid_status($1::bigint)", [transactionID], idempotent: true).scalar {
                case "committed": return true
                case "aborted": return false
                case "in progress": continue
                default: return nil
                }
            } catch {
                continue
            }
        }
        return nil
    }
}
