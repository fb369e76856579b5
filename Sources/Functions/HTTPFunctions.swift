import AsyncHTTPClient
package import Execution
package import JSON
import NIOCore
import NIOHTTP1
import Tracing

/// Calls custom operations' functions over HTTP: the event is POSTed as JSON to the URL the operator mapped
/// the function's name to (`serve --function NAME=URL`), and the JSON answer is the function's. An AWS Lambda
/// container answers unchanged at its runtime interface emulator's invoke path; so does any HTTP service.
///
/// Per function: a deadline for the whole call, a largest answer, and a number of calls in flight (more
/// wait for a free place until their deadline). Connections are pooled and reused. A call is sent once and never
/// again, whatever happens to it: a mutation's function must not run twice.
package final class HTTPFunctions: FunctionInvoking {
    /// What limits each call.
    package struct Limits: Sendable {
        /// The longest a call may take, waiting for a place included.
        package var timeout: Duration
        /// The largest answer read, in bytes (AWS Lambda's own limit for a synchronous answer is 6 MB).
        package var maximumAnswerBytes: Int
        /// How many calls of one function may be in flight at once.
        package var concurrency: Int

        /// Creates limits.
        package init(timeout: Duration = .seconds(30), maximumAnswerBytes: Int = 6 << 20, concurrency: Int = 64) {
            self.timeout = timeout
            self.maximumAnswerBytes = maximumAnswerBytes
            self.concurrency = concurrency
        }
    }

    private let endpoints: [String: String]
    private let limits: Limits
    private let gates: [String: CallGate]

    /// The process's one client for function calls, kept for its lifetime (as AsyncHTTPClient's own shared
    /// client is): its pool reuses connections across every invoker, and it is never shut down under a call.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        // A redirect would send the event somewhere the operator did not name.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5))
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        // The client makes no spans of its own (they would record the full URL, which for an `@http` field holds
        // the request's arguments); `CallTrace` makes them and sends the trace context itself.
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    private var client: HTTPClient { Self.client }

    /// An invoker for `endpoints` (function name → URL) under `limits`.
    package init(endpoints: [String: String], limits: Limits = Limits()) {
        self.endpoints = endpoints
        self.limits = limits
        gates = endpoints.mapValues { _ in CallGate(places: max(1, limits.concurrency)) }
    }

    /// The URL `name` maps to: the name as the schema writes it, else without its `${env}` part (a Gen 1
    /// schema's `echo-${env}` is served by the endpoint mapped to `echo`).
    package func endpoint(for name: String) -> (key: String, url: String)? {
        // The name as written first: it is the common case, and costs no new string per call.
        if let url = endpoints[name] { return (name, url) }
        guard name.contains("${env}") else { return nil }
        for candidate in [name.replacing("-${env}", with: ""), name.replacing("${env}", with: "")] {
            if let url = endpoints[candidate] { return (candidate, url) }
        }
        return nil
    }

    package func invoke(_ name: String, event: JSONValue, async: Bool) async -> FunctionOutcome {
        guard let (key, url) = endpoint(for: name), let gate = gates[key] else { return await call(name, url: nil, gate: nil, event: event, async: async, trace: nil) }
        // Nil unless tracing is on.
        guard let trace = CallTrace.begin("modelgraph.function", method: "POST", url: url, attributes: { $0["modelgraph.function.name"] = key }) else {
            return await call(name, url: url, gate: gate, event: event, async: async, trace: nil)
        }
        let outcome = await call(name, url: url, gate: gate, event: event, async: async, trace: trace)
        switch outcome {
        case .answer: trace.end(failure: nil)
        case .functionError(let type, _): trace.end(failure: type)
        case .failed: trace.end(failure: "FunctionCallFailed")
        }
        return outcome
    }

    /// `invoke`'s work: the call to `url`, the endpoint mapped to `name` (nil when none is), under `gate`,
    /// carrying `trace`'s context when there is one.
    private func call(_ name: String, url: String?, gate: CallGate?, event: JSONValue, async: Bool, trace: CallTrace?) async -> FunctionOutcome {
        guard let url, let gate else {
            return .failed("No endpoint is configured for function '\(name)': start serve with --function \(name.replacing("-${env}", with: ""))=URL.")
        }
        let deadline = ContinuousClock.now + limits.timeout
        guard await gate.enter(before: deadline) else {
            return .failed("Function '\(name)' has \(limits.concurrency) calls in flight and no place freed up within \(limits.timeout).")
        }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if async { request.headers.add(name: "X-Amz-Invocation-Type", value: "Event") }
        trace?.inject(into: &request.headers)
        request.body = .bytes(ByteBuffer(string: JSONText.encode(event)))
        if async {
            // Handed over: the call goes on without the request that made it, still bounded by the gate.
            let (client, timeout, gate) = (client, limits.timeout, gate)
            Task {
                _ = try? await client.execute(request, timeout: .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000))
                await gate.leave()
            }
            return .answer(.null)
        }
        defer { Task { await gate.leave() } }
        do {
            let remaining = deadline - ContinuousClock.now
            let response = try await client.execute(request, timeout: .nanoseconds(max(1, Int64(remaining / .nanoseconds(1)))))
            trace?.answered(response.status.code)
            let body = try await response.body.collect(upTo: limits.maximumAnswerBytes)
            guard (200..<300).contains(response.status.code) else {
                return .failed("Function '\(name)' answered HTTP \(response.status.code).")
            }
            guard let answer = try? JSONReader.parse(Array(body.readableBytesView)) else {
                return .failed("Function '\(name)' answered something other than JSON.")
            }
            if let error = Self.lambdaError(answer, reported: response.headers.first(name: "X-Amz-Function-Error") != nil) { return error }
            return .answer(answer)
        } catch let error as NIOTooManyBytesError {
            _ = error
            return .failed("Function '\(name)' answered more than \(limits.maximumAnswerBytes) bytes.")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .failed("Function '\(name)' did not answer within \(limits.timeout).")
        } catch {
            return .failed("Function '\(name)' could not be reached.")
        }
    }

    /// An answer shaped as a Lambda function's error (`errorMessage` and `errorType`, maybe a `stackTrace`), or
    /// any answer when the endpoint said it is one (`X-Amz-Function-Error`).
    static func lambdaError(_ answer: JSONValue, reported: Bool) -> FunctionOutcome? {
        guard case .object(let members) = answer else { return reported ? .functionError(type: "Lambda:Unhandled", message: JSONText.encode(answer)) : nil }
        let message = members.last { $0.0 == "errorMessage" }?.1
        let type = members.last { $0.0 == "errorType" }?.1
        let onlyErrorKeys = members.allSatisfy { ["errorMessage", "errorType", "stackTrace", "trace", "requestId", "cause"].contains($0.0) }
        guard reported || (message != nil && onlyErrorKeys) else { return nil }
        var typeText = "Lambda:Unhandled"
        if case .string(let text)? = type, !text.isEmpty { typeText = text }
        var messageText = ""
        if case .string(let text)? = message { messageText = text } else if let message { messageText = JSONText.encode(message) }
        return .functionError(type: typeText, message: messageText)
    }
}

/// At most `places` calls at once; others wait in order until a place frees up or their deadline passes.
actor CallGate {
    private var free: Int
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    init(places: Int) {
        free = places
    }

    /// True once the caller holds a place; false when `deadline` passed first.
    func enter(before deadline: ContinuousClock.Instant) async -> Bool {
        if free > 0 {
            free -= 1
            return true
        }
        nextID += 1
        let id = nextID
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline)
            await self?.expire(id)
        }
        let entered = await withCheckedContinuation { continuation in waiting.append((id, continuation)) }
        timer.cancel()
        return entered
    }

    /// Frees a place, handing it to the longest waiter.
    func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }

    private func expire(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }
}
