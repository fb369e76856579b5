import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP helper of the end-to-end tests: sends a request, returns status, headers (lower-cased names)
/// and body. A transport failure throws, failing the test that sent it.
enum TestHTTP {
    /// A response as the tests read it.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `method` to `url` with `body` and `headers`; waits at most `timeout` seconds.
    static func send(
        _ url: URL, method: String = "POST", body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval = 30
    ) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    /// Posts `{"query": query}` to the `/graphql` endpoint on `port` with API key `key` (none when nil).
    static func graphQL(port: Int, key: String?, query: String, timeout: TimeInterval = 30) async throws -> Answer {
        var headers = ["Content-Type": "application/json"]
        if let key { headers["x-api-key"] = key }
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        return try await send(URL(string: "http://127.0.0.1:\(port)/graphql")!, body: body, headers: headers, timeout: timeout)
    }
}
