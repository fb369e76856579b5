import Foundation
import Fuzzing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP helper of the end-to-end tests: sends a request, returns status, headers (lower-cased names)
/// and body. A transport failure throws, failing the test that sent it.
///
/// It speaks HTTP/1.1 itself (the fuzzer's `HTTPConnection`, on a thread of its own, one connection a request)
/// rather than through URLSession: on Linux a URLSession request was seen to hang past its timeout, holding a test
/// and the whole run with it, after the server closed an idle connection the session meant to reuse.
enum TestHTTP {
    /// A response as the tests read it.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `method` to `url` (an `http://host:port/…` URL) with `body` and `headers`; waits at most `timeout`
    /// seconds for the whole answer.
    static func send(
        _ url: URL, method: String = "POST", body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval = 30
    ) async throws -> Answer {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = parts.host, let port = parts.port else {
            throw URLError(.badURL)
        }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        let target = path + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        let request = FuzzRequest(method: method, target: target, headers: headers.map { ($0.key, $0.value) }, body: Array(body ?? Data()), recipe: "test")
        let result: Result<HTTPAnswer, HTTPFailure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let connection = HTTPConnection(host: host, port: port)
                let result = connection.send(request, host: "\(host):\(port)", timeout: timeout)
                connection.close()
                continuation.resume(returning: result)
            }
        }
        switch result {
        case .failure(let failure):
            throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "\(method) \(url): \(failure.description)"])
        case .success(let answer):
            var fields: [String: String] = [:]
            for (name, value) in answer.headers where fields[name] == nil { fields[name] = value }
            return Answer(status: answer.status, headers: fields, body: Data(answer.body))
        }
    }

    /// Posts `{"query": query, "variables": variables}` to the `/graphql` endpoint on `port` with API key `key`
    /// (none when nil).
    static func graphQL(port: Int, key: String?, query: String, variables: [String: Any]? = nil, timeout: TimeInterval = 30) async throws -> Answer {
        var headers = ["Content-Type": "application/json"]
        if let key { headers["x-api-key"] = key }
        var request: [String: Any] = ["query": query]
        if let variables { request["variables"] = variables }
        let body = try JSONSerialization.data(withJSONObject: request)
        return try await send(URL(string: "http://127.0.0.1:\(port)/graphql")!, body: body, headers: headers, timeout: timeout)
    }
}
