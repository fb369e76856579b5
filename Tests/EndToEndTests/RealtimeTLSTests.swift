import Foundation
import NIOSSL
import Realtime
import Server
import Testing

/// `serve --tls-cert/--tls-key`: one process answers HTTPS and WSS, for the clients that only connect with
/// `wss://` (amplify-js, Amplify for Android and Flutter).
@Suite("Real-time: TLS")
struct RealtimeTLSTests {
    /// Runs a command to completion; returns its exit status and what it printed (output, then errors).
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        let finished = try await TestProcess.run(URL(fileURLWithPath: executable), arguments, timeout: .seconds(120))
        return (finished.status, finished.outputText + finished.errorText)
    }

    @Test("HTTPS answers GraphQL and WSS carries a subscription, with a certificate the client trusts")
    func httpsAndWSS() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let (made, output) = try await Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
        try #require(made == 0, "openssl: \(output)")
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, tls: TLSFiles(certificateChain: certificate, privateKey: key))
        let server = try await LiveServer.start(schema: "schema", configuration: configuration, realtime: RealtimeSettings())
        defer { server.stop() }
        let port = server.url.port!
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        let socket = RealtimeTestClient.connect("wss://127.0.0.1:\(port)/graphql/realtime", headers: ["x-api-key": server.key], tls: trust)
        defer { socket.close() }
        try await socket.initialize()
        socket.start("tls", query: "subscription { onCreateTeam { mantra } }")
        _ = try await socket.next("start_ack")
        let body = #"{"query":"mutation { createTeam(input: {mantra: \"secure\"}) { id } }"}"#
        let (status, answer) = try await Self.run(
            "/usr/bin/curl",
            ["-sS", "--cacert", certificate, "-H", "x-api-key: \(server.key)", "-H", "content-type: application/json", "-d", body, "https://127.0.0.1:\(port)/graphql"])
        #expect(status == 0)
        #expect(answer.contains(#""createTeam":{"id":"#))
        let event = try await socket.next("data")
        #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "secure")
        // Plain HTTP on the TLS port is not answered as HTTP.
        let (plain, _) = try await Self.run("/usr/bin/curl", ["-sS", "--max-time", "5", "http://127.0.0.1:\(port)/healthz"])
        #expect(plain != 0)
    }
}
