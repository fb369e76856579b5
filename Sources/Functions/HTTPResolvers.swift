import AsyncHTTPClient
package import Execution
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends `@http` fields' calls through the function client's pool, under the same limits per origin (scheme,
/// host and port): a deadline for the whole call, a largest answer, and a number of calls in flight. A call is
/// sent once and never again, and redirects are not followed. `${env}` and `${aws_region}` in a URL are filled
/// in from `variables` (`serve` reads `MODELGRAPH_ENV` and `AWS_REGION`).
package final class HTTPResolvers: HTTPResolving {
    private let limits: HTTPFunctions.Limits
    private let variables: [String: String]
    private let gates = Mutex<[String: CallGate]>([:])

    /// A sender under `limits`, filling in `variables` (`env`, `aws_region`).
    package init(limits: HTTPFunctions.Limits = HTTPFunctions.Limits(), variables: [String: String] = [:]) {
        self.limits = limits
        self.variables = variables
    }

    package func send(_ call: HTTPResolverCall) async -> HTTPResolverOutcome {
        // Nil unless tracing is on.
        guard let trace = CallTrace.begin("modelgraph.http_resolver", method: call.method, url: call.url) else { return await send(call, trace: nil) }
        let outcome = await send(call, trace: trace)
        switch outcome {
        case .answered(let status, _, _): trace.end(failure: status >= 400 ? String(status) : nil)
        case .failed: trace.end(failure: "HTTPError")
        }
        return outcome
    }

    /// `send`'s work, carrying `trace`'s context when there is one.
    private func send(_ call: HTTPResolverCall, trace: CallTrace?) async -> HTTPResolverOutcome {
        var url = call.url
        for name in ["env", "aws_region"] where url.contains("${\(name)}") {
            guard let value = variables[name] else {
                return .failed("The @http URL names ${\(name)}, which this server was not given (\(name == "env" ? "MODELGRAPH_ENV" : "AWS_REGION")).")
            }
            url = url.replacingOccurrences(of: "${\(name)}", with: value)
        }
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else { return .failed("The @http URL is not a valid URL.") }
        let origin = "\(scheme)://\(host):\(parsed.port ?? (scheme == "https" ? 443 : 80))"
        let gate = gates.withLock { gates in
            if let gate = gates[origin] { return gate }
            let gate = CallGate(places: max(1, limits.concurrency))
            gates[origin] = gate
            return gate
        }
        let deadline = ContinuousClock.now + limits.timeout
        guard await gate.enter(before: deadline) else {
            return .failed("The @http endpoint has \(limits.concurrency) calls in flight and no place freed up within \(limits.timeout).")
        }
        defer { Task { await gate.leave() } }
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: call.method)
        var headers = HTTPHeaders()
        for (name, value) in call.headers { headers.replaceOrAdd(name: name, value: value) }
        trace?.inject(into: &headers)
        request.headers = headers
        if let body = call.body { request.body = .bytes(ByteBuffer(string: body)) }
        do {
            let remaining = deadline - ContinuousClock.now
            let response = try await HTTPFunctions.client.execute(request, timeout: .nanoseconds(max(1, Int64(remaining / .nanoseconds(1)))))
            trace?.answered(response.status.code)
            let body = try await response.body.collect(upTo: limits.maximumAnswerBytes)
            return .answered(status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"), body: Array(body.readableBytesView))
        } catch is NIOTooManyBytesError {
            return .failed("The @http endpoint answered more than \(limits.maximumAnswerBytes) bytes.")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .failed("The @http endpoint did not answer within \(limits.timeout).")
        } catch {
            return .failed("The @http endpoint could not be reached.")
        }
    }
}
