import Foundation
import HTTPTypes
import Hummingbird
import JSON
import NIOCore

/// A real HTTP server standing in for custom operations' functions: each `POST /<name>` is recorded (the event
/// as JSON) and answered as the test's script says: JSON, a Lambda-style error, an HTTP status, garbage, or
/// slowly.
final class FunctionServer: Sendable {
    /// How the server answers one call.
    enum Reply: Sendable {
        /// `200` with this JSON text.
        case json(String)
        /// `200` with a Lambda function's error payload and `X-Amz-Function-Error: Unhandled`.
        case lambdaError(type: String, message: String)
        /// This status with this body.
        case status(Int, String)
        /// This body, as is, with status 200.
        case raw(String)
        /// This status, body and content type.
        case typed(Int, String, contentType: String)
        /// The reply after a pause.
        indirect case after(Duration, Reply)
    }

    /// The calls received so far: function name and event.
    let calls: Recorder
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, calls: Recorder, task: Task<Void, any Error>) {
        self.port = port
        self.calls = calls
        self.task = task
    }

    /// The URL of function `name`.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// Starts a server answering by `script` (function name, event → reply).
    static func start(_ script: @escaping @Sendable (String, JSONValue) async -> Reply) async throws -> FunctionServer {
        let calls = Recorder()
        let router = Router()
        router.post(":name") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            let body = try await request.body.collect(upTo: 16 << 20)
            let event = (try? JSONReader.parse(Array(body.readableBytesView))) ?? .null
            await calls.append(name, event, traceparent: request.headers[HTTPField.Name("traceparent")!])
            return try await respond(await script(name, event))
        }
        // Any method under /rest/…: an `@http` field's call, recorded as {method, path, query, headers, body} under
        // the name "rest" (the body as JSON when it is, else as text).
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] {
            router.on("rest/**", method: method) { request, _ -> Response in
                let body = try await request.body.collect(upTo: 16 << 20)
                let bytes = Array(body.readableBytesView)
                let headers = request.headers.map { ($0.name.canonicalName, JSONValue.string($0.value)) }
                let call = JSONValue.object([
                    ("method", .string(request.method.rawValue)), ("path", .string(request.uri.path)), ("query", .string(request.uri.query ?? "")),
                    ("headers", .object(headers)),
                    ("body", bytes.isEmpty ? .null : (try? JSONReader.parse(bytes)) ?? .string(String(decoding: bytes, as: UTF8.self))),
                ])
                await calls.append("rest", call)
                return try await respond(await script("rest", call))
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) })
        let task = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return FunctionServer(port: port, calls: calls, task: task)
    }

    private static func respond(_ reply: Reply) async throws -> Response {
        switch reply {
        case .json(let text): return response(.ok, text, headers: [.contentType: "application/json"])
        case .lambdaError(let type, let message):
            let text = JSONText.encode(.object([("errorMessage", .string(message)), ("errorType", .string(type)), ("stackTrace", .list([]))]))
            var headers: HTTPFields = [.contentType: "application/json"]
            headers[HTTPField.Name("X-Amz-Function-Error")!] = "Unhandled"
            return response(.ok, text, headers: headers)
        case .status(let code, let text): return response(HTTPResponse.Status(code: code), text, headers: [:])
        case .raw(let text): return response(.ok, text, headers: [:])
        case .typed(let code, let text, let type): return response(HTTPResponse.Status(code: code), text, headers: [.contentType: type])
        case .after(let pause, let reply):
            try await Task.sleep(for: pause)
            return try await respond(reply)
        }
    }

    private static func response(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Stops the server.
    func stop() { task.cancel() }

    /// The calls, in the order they arrived.
    actor Recorder {
        private(set) var all: [(name: String, event: JSONValue)] = []
        /// The `traceparent` header of each function call (nil when it had none), in arrival order.
        private(set) var traceparents: [(name: String, value: String?)] = []

        func append(_ name: String, _ event: JSONValue, traceparent: String? = nil) {
            all.append((name, event))
            if name != "rest" { traceparents.append((name, traceparent)) }
        }

        /// The events function `name` received.
        func events(_ name: String) -> [JSONValue] { all.filter { $0.name == name }.map(\.event) }
    }
}
