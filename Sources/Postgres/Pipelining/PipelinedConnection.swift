#if os(Linux)
    import CLibPQ
    import Foundation
    import Synchronization

    /// A non-blocking libpq connection in pipeline mode that many requests share at once.
    ///
    /// Only the `SocketReactor` thread drives libpq here: it sends a statement without waiting (prepare, first
    /// time only; execute; sync; flush) and reads the answers, in sending order, when the socket turns readable.
    /// The lock guards the hand-over from the thread that connects and `isReady` callers on event loops. Up to
    /// `StatementPipelines.depth` statements queue inside PostgreSQL's socket buffer, so the backend need not idle
    /// between them, and no thread blocks per connection. Each statement is followed by
    /// its own sync, so it runs in its own implicit transaction exactly as it would alone, and a failing statement
    /// does not affect the next one.
    final class PipelinedConnection: SocketWatcher, @unchecked Sendable {
        /// Receives a statement's outcome on the reactor thread.
        typealias Completion = @Sendable (Result<QueryResult, PostgresError>) -> Void

        private enum State { case unconnected, connecting, ready, broken(since: ContinuousClock.Instant), closed }

        private let conninfo: String
        private let sessionSetup: [String]
        private let reactor: SocketReactor
        private let lock = NSLock()
        /// Statements sent and not yet answered; read without the lock to pick the least busy connection.
        private let waiting = Atomic<Int>(0)
        /// Mirrors `state == .ready`, so picking a connection takes no lock.
        private let readyFlag = Atomic<Bool>(false)

        // Guarded by `lock`.
        private var state = State.unconnected
        private var handle: OpaquePointer?
        private var socket: Int32 = -1
        /// What was sent and is still owed an answer, and what is prepared on this connection.
        private var ledger = PipelineLedger<Completion>()
        private var wantsWrite = false
        /// How long a broken connection waits before the next attempt to reconnect.
        static let reconnectDelay: Duration = .seconds(1)

        init(conninfo: String, sessionSetup: [String], reactor: SocketReactor) {
            self.conninfo = conninfo
            self.sessionSetup = sessionSetup
            self.reactor = reactor
        }

        /// Statements in flight on this connection.
        var load: Int { waiting.load(ordering: .relaxed) }

        /// True when statements can be sent now. When not, starts connecting in the background (at most once
        /// per `reconnectDelay` after a failure) so that a later call finds it ready.
        func isReady() -> Bool {
            if readyFlag.load(ordering: .acquiring) { return true }
            lock.lock()
            let startConnecting: Bool
            switch state {
            case .ready:
                lock.unlock()
                return true
            case .connecting, .closed:
                startConnecting = false
            case .unconnected:
                startConnecting = true
            case .broken(let since):
                startConnecting = ContinuousClock.now - since >= Self.reconnectDelay
            }
            if startConnecting { state = .connecting }
            lock.unlock()
            if startConnecting {
                Thread.detachNewThread { [self] in connect() }
            }
            return false
        }

        /// Connects (blocking: runs on its own short-lived thread), applies the session settings, then switches
        /// to non-blocking pipeline mode and hands the socket to the reactor.
        private func connect() {
            let connection = PQconnectdb(conninfo)
            var ready = connection.map { PQstatus($0) == CONNECTION_OK } ?? false
            if let connection, ready {
                PQsetNoticeProcessor(connection, { _, _ in }, nil)
                for statement in sessionSetup {
                    let result = PQexec(connection, statement)
                    ready = ready && PQresultStatus(result) == PGRES_COMMAND_OK
                    PQclear(result)
                }
                ready = ready && PQsetnonblocking(connection, 1) == 0 && PQenterPipelineMode(connection) == 1
            }
            lock.lock()
            guard let connection, ready, case .connecting = state else {
                if case .connecting = state { state = .broken(since: .now) }
                lock.unlock()
                if let connection { PQfinish(connection) }
                return
            }
            let socket = PQsocket(connection)
            handle = connection
            self.socket = socket
            ledger = PipelineLedger()
            wantsWrite = false
            state = .ready
            readyFlag.store(true, ordering: .releasing)
            reactor.watch(socket, for: self)
            lock.unlock()
        }

        /// Sends one statement; `completion` runs on the reactor thread with its rows or error. Returns false,
        /// without calling `completion`, when the connection is not ready (the caller uses another way).
        func send(_ sql: String, _ parameters: [String?], completion: @escaping Completion) -> Bool {
            lock.lock()
            guard case .ready = state, let handle else {
                lock.unlock()
                return false
            }
            var name = ledger.preparedName(of: sql)
            var sent = true
            if name == nil, let fresh = ledger.nameToPrepare(sql) {
                sent = PQsendPrepare(handle, fresh, sql, 0, nil) == 1
                if sent {
                    ledger.prepareSent(sql, name: fresh)
                    name = fresh
                }
            }
            if sent {
                sent = withCStrings(parameters) { values in
                    if let name {
                        return PQsendQueryPrepared(handle, name, Int32(values.count), values, nil, nil, 0) == 1
                    }
                    return PQsendQueryParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0) == 1
                }
            }
            let queued = sent
            if queued {
                ledger.statementSent(sql, name: name, waiter: completion)
                waiting.store(ledger.statementsOwed, ordering: .relaxed)
                sent = PQpipelineSync(handle) == 1
                if sent { ledger.syncSent() }
            }
            let failed = sent ? flush(handle) : breakConnection()
            lock.unlock()
            for (waiter, error) in failed { waiter(.failure(error)) }
            // Not queued: `completion` was not kept, so the caller must run the statement another way.
            return queued
        }

        func socketReadable() {
            lock.lock()
            guard case .ready = state, let handle else {
                lock.unlock()
                return
            }
            var finished: [(Completion, Result<QueryResult, PostgresError>)] = []
            if PQconsumeInput(handle) == 0 || PQstatus(handle) != CONNECTION_OK {
                finished = breakConnection().map { ($0, .failure($1)) }
            } else {
                finished = readAnswers(handle)
                if wantsWrite { finished += flush(handle).map { ($0, .failure($1)) } }
            }
            lock.unlock()
            for (completion, result) in finished { completion(result) }
        }

        func socketWritable() {
            lock.lock()
            guard case .ready = state, let handle else {
                lock.unlock()
                return
            }
            let failed = flush(handle)
            lock.unlock()
            for (waiter, error) in failed { waiter(.failure(error)) }
        }

        /// Reads every answer already received, in sending order, without blocking.
        private func readAnswers(_ handle: OpaquePointer) -> [(Completion, Result<QueryResult, PostgresError>)] {
            var finished: [(Completion, Result<QueryResult, PostgresError>)] = []
            while !ledger.isSettled, PQisBusy(handle) == 0 {
                let result = PQgetResult(handle)
                defer { if let result { PQclear(result) } }
                if let done = ledger.receive(Self.answer(result, connection: handle, sql: ledger.nextText ?? "")) { finished.append(done) }
            }
            waiting.store(ledger.statementsOwed, ordering: .relaxed)
            return finished
        }

        /// Classifies one libpq result for the ledger.
        private static func answer(_ result: OpaquePointer?, connection: OpaquePointer, sql: String) -> PipelineLedger<Completion>.Answer {
            guard let result else { return .end }
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC: return .sync
            case PGRES_PIPELINE_ABORTED: return .aborted
            default:
                do {
                    return .result(.success(try QueryResult.reading(result, connection: connection, sql: sql)))
                } catch {
                    return .result(.failure(error))
                }
            }
        }

        /// Pushes buffered bytes to the server; asks the reactor for writability while some remain.
        private func flush(_ handle: OpaquePointer) -> [(Completion, PostgresError)] {
            switch PQflush(handle) {
            case 0:
                if wantsWrite {
                    wantsWrite = false
                    reactor.setWantsWrite(false, for: socket)
                }
                return []
            case 1:
                if !wantsWrite {
                    wantsWrite = true
                    reactor.setWantsWrite(true, for: socket)
                }
                return []
            default:
                return breakConnection()
            }
        }

        /// Closes a connection that failed and fails what waited on it (a later `isReady` reconnects).
        private func breakConnection(kind: PostgresError.Kind = .connection) -> [(Completion, PostgresError)] {
            let reason = handle.map { String(cString: PQerrorMessage($0)).trimmingTrailingNewlines } ?? ""
            let message = "the connection to PostgreSQL broke" + (reason.isEmpty ? "" : ": " + reason)
            let failed = ledger.failAll { PostgresError(kind: kind, message: message, query: $0) }
            waiting.store(0, ordering: .relaxed)
            if let handle {
                reactor.unwatch(socket)
                PQfinish(handle)
            }
            handle = nil
            socket = -1
            state = .broken(since: .now)
            readyFlag.store(false, ordering: .releasing)
            return failed
        }

        /// Closes the connection for good; waiting statements fail with `.shutdown`.
        func close() {
            lock.lock()
            let failed = breakConnection(kind: .shutdown)
            state = .closed
            lock.unlock()
            for (waiter, error) in failed { waiter(.failure(error)) }
        }
    }
#endif
