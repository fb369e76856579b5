import Foundation
import NIOSSL
import Server
import TestSupport
import Testing

/// `serve --dev-tls`: a real serve makes a local authority once and serves HTTPS and WSS with a certificate it
/// signed, which clients trusting only that authority accept, for `localhost` and `127.0.0.1`.
@Suite("serve --dev-tls")
struct DevelopmentTLSTests {
    static func mode(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }

    @Test("made once, kept on the next start; keys readable by their owner only; HTTPS and WSS trusted through the authority alone; outputs name the https URL")
    func developmentTLS() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase()
        let tls = folder.appendingPathComponent("tls")
        let arguments = ["--database-url", database, "--dev-tls", "--dev-tls-dir", tls.path, "--outputs", "amplify_outputs.json"]
        let serve = try await ServeProcess.start(in: folder, arguments: arguments)
        let key = try serve.apiKey()
        let authority = tls.appendingPathComponent("ca.pem")
        #expect(serve.logText.contains("made a local certificate authority"), "\(serve.logText)")
        #expect(serve.logText.contains("NODE_EXTRA_CA_CERTS=\(authority.path)"))
        #expect(serve.logText.contains("serving https://127.0.0.1:\(serve.port)/graphql (real-time: wss://"))
        #expect(Self.mode(tls) == 0o700 && Self.mode(tls.appendingPathComponent("ca-key.pem")) == 0o600 && Self.mode(tls.appendingPathComponent("localhost-key.pem")) == 0o600)

        // curl trusting the authority alone, by address and by name.
        let body = #"{"query":"mutation { createTeam(input: {mantra: \"over tls\"}) { mantra } }"}"#
        for host in ["127.0.0.1", "localhost"] {
            let (status, answer) = try await RealtimeTLSTests.run(
                "/usr/bin/curl",
                ["-sS", "--cacert", authority.path, "-H", "x-api-key: \(key)", "-H", "content-type: application/json", "-d", body, "https://\(host):\(serve.port)/graphql"])
            #expect(status == 0 && answer.contains(#""mantra":"over tls""#), "\(host): \(answer)")
        }
        // WSS through the same trust.
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(authority.path))
        let socket = RealtimeTestClient.connect("wss://127.0.0.1:\(serve.port)/graphql/realtime", headers: ["x-api-key": key], tls: trust)
        try await socket.initialize()
        socket.start("tls", query: "subscription { onCreateTeam { mantra } }")
        _ = try await socket.next("start_ack")
        socket.close()
        #expect(await serve.waitForLog("client configuration: wrote amplify_outputs.json", seconds: 30))
        let outputs = try String(contentsOf: folder.appendingPathComponent("amplify_outputs.json"), encoding: .utf8)
        #expect(outputs.contains(#""url": "https://127.0.0.1:\#(serve.port)/graphql""#), "\(outputs.prefix(300))")
        #expect(await serve.terminate() == 0)

        // The next start keeps the authority: clients that trust it go on trusting the server.
        let before = try String(contentsOf: authority, encoding: .utf8)
        let again = try await ServeProcess.start(in: folder, arguments: arguments, logName: "again.log")
        #expect(!again.logText.contains("made a local certificate authority") && !again.logText.contains("made a new server certificate"), "\(again.logText)")
        #expect(try String(contentsOf: authority, encoding: .utf8) == before)
        #expect(await again.terminate() == 0)
    }

    @Test("the server certificate is made again near its end or for another host name; the authority only near its own end")
    func renewal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-devtls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tls = DevelopmentTLS(folder: folder.appendingPathComponent(".modelgraph/dev-tls"))
        let now = Date()
        #expect(try tls.prepare(hostName: "laptop", now: now) == .madeAuthority)
        // Only the certificates' folder is closed: `.modelgraph` also holds the embedded database, which the
        // postgres user must reach.
        #expect(Self.mode(tls.folder) == 0o700)
        #expect(Self.mode(folder.appendingPathComponent(".modelgraph")) & 0o005 == 0o005)
        #expect(try tls.prepare(hostName: "laptop", now: now.addingTimeInterval(86_400)) == .kept)
        #expect(try tls.prepare(hostName: "other-name", now: now.addingTimeInterval(86_400)) == .renewedCertificate)
        #expect(try tls.prepare(hostName: "other-name", now: now.addingTimeInterval(380 * 86_400)) == .renewedCertificate)
        #expect(try tls.prepare(hostName: "other-name", now: now.addingTimeInterval(11 * 365 * 86_400)) == .madeAuthority)
        let chain = try String(contentsOf: tls.serverCertificate, encoding: .utf8)
        #expect(chain.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 3)
    }

    @Test("a TLS handshake sent to a plain-HTTP serve is one log line naming --dev-tls, and plain HTTP goes on working")
    func handshakeOnPlainPort() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database])
        defer { serve.process.terminate() }
        for _ in 0..<3 {
            let (status, _) = try await RealtimeTLSTests.run("/usr/bin/curl", ["-sS", "--max-time", "5", "https://127.0.0.1:\(serve.port)/graphql"])
            #expect(status != 0)
        }
        #expect(await serve.waitForLog("serve with --dev-tls", seconds: 10), "\(serve.logText)")
        // Once a minute at most.
        #expect(serve.logText.components(separatedBy: "opened a TLS handshake").count == 2)
        let (status, _) = try await serve.graphQL("{ __typename }", key: try serve.apiKey())
        #expect(status == 200)
    }
}
