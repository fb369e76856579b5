import Foundation
import Realtime
import Server
import Studio
import Testing

/// Live servers with the studio on, as the studio's tests start them: the blog schema of the benchmarks, with
/// real-time subscriptions, the studio's files as `serve` has them (compiled in).
enum StudioServer {
    /// The studio's files, as compiled into the program.
    static func assets() throws -> StudioAssets { StudioAssets.embedded }

    /// Starts a server of `schema` with the studio (plans on or off), or with none when `studio` is false.
    static func start(studio: Bool = true, plans: Bool = true, maximumBodySize: Int = 2 << 20, schema: String = "bench-blog") async throws -> LiveServer {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maximumBodySize: maximumBodySize)
        if studio { configuration.studio = StudioSettings(assets: try assets(), plans: plans) }
        return try await LiveServer.start(schema: schema, configuration: configuration, realtime: RealtimeSettings())
    }
}

extension LiveServer {
    /// The server's root URL, `http://127.0.0.1:PORT`.
    var rootURL: String { "http://127.0.0.1:\(url.port!)" }

    /// Sends `method` to `path` with `headers`; returns the raw answer.
    func request(_ path: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) async throws -> TestHTTP.Answer {
        try await TestHTTP.send(URL(string: rootURL + path)!, method: method, body: body, headers: headers)
    }

    /// Sends `GET <path>` on a raw connection, exactly as written (no client normalises `..` or percent
    /// escapes away); returns the status line's code and the whole answer.
    func rawGet(_ path: String) async throws -> (Int, String) {
        let connection = try RawConnection(port: url.port!)
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = await connection.readToEnd()
        let code = answer.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return (code, answer)
    }
}
