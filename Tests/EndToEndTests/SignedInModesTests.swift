import Foundation
import JSON
import TestSupport
import Testing

/// Which modes `serve` takes: API keys only when they are configured, the user-pool and OpenID Connect modes
/// side by side (each token verified by the mode its issuer names), an OIDC provider's keys read once from its
/// key set URL, and a 503 rather than a 401 while those keys cannot be read.
@Suite("Signed-in users: authorization modes")
struct SignedInModesTests {
    @Test("without apiKey among the modes, serve makes no key, warns that public rules grant nothing, and refuses a valid x-api-key (logged why)")
    func noAPIKeyMode() async throws {
        let server = try await SignedInServe.start { folder in
            ["--auth-default", "userPools"] + SignedInServe.userPoolArguments + ["--jwks-file", SignedInServe.jwksFile(in: folder).path]
        }
        defer { server.stop() }
        #expect(!server.serve.logText.contains("API key: "), "\(server.serve.logText)")
        #expect(server.serve.logText.contains("model Team has @auth rules for apiKey, which is not an authorization mode of this server"))
        let (status, key, errors) = try await CommandLineTests.run(["keys", "create", "--database-url", server.database], in: server.folder)
        try #require(status == 0, "\(errors)")
        let refused = try await server.post(headers: ["x-api-key": key.trimmingCharacters(in: .whitespacesAndNewlines)])
        #expect(refused.status == 401 && refused.text == SignedInServe.unauthorizedBody, "\(refused.text)")
        let line = server.logLine(requestID: try #require(refused.headers["x-request-id"]), containing: "request refused")
        #expect(line.contains("reason=an x-api-key was sent, but apiKey is not an authorization mode of this server"), "\(server.serve.logText)")
        #expect(try await server.post(headers: ["Authorization": try server.token()]).status == 200)
    }

    @Test("userPools and oidc together: each token is verified by the mode its issuer names; another issuer's is refused")
    func bothTokenModes() async throws {
        let oidcIssuer = "https://idp.example.test/realms/team"
        let server = try await SignedInServe.start { folder in
            ["--auth-default", "oidc", "--oidc-issuer", oidcIssuer, "--oidc-client-id", TokenMinter.client, "--auth-additional", "userPools"]
                + SignedInServe.userPoolArguments + ["--jwks-file", SignedInServe.jwksFile(in: folder).path]
        }
        defer { server.stop() }
        for (issuer, mode) in [(TokenMinter.issuer, "userPools"), (oidcIssuer, "oidc")] {
            let answer = try await server.post(headers: ["Authorization": try server.token([("iss", .string(issuer))])])
            #expect(answer.status == 200, "\(mode): \(answer.text)")
            #expect(server.logLine(requestID: try #require(answer.headers["x-request-id"]), containing: "graphql").contains("auth=\(mode) "), "\(server.serve.logText)")
        }
        let other = try await server.post(headers: ["Authorization": try server.token([("iss", .string("https://other.example"))])])
        #expect(other.status == 401 && other.text == SignedInServe.unauthorizedBody, "\(other.text)")
        let line = server.logLine(requestID: try #require(other.headers["x-request-id"]), containing: "request refused")
        #expect(line.contains("reason=wrong issuer https://other.example "), "\(server.serve.logText)")
    }

    @Test("oidc reads its keys from <issuer>/.well-known/jwks.json over HTTP once, not per request")
    func keysFromIssuerURL() async throws {
        let minter = try TokenMinter()
        let root = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".well-known"), withIntermediateDirectories: true)
        try minter.jwks().write(to: root.appendingPathComponent(".well-known/jwks.json"), atomically: true, encoding: .utf8)
        let provider = try LocalFileServer(folder: root)
        defer { provider.stop() }
        let issuer = "http://127.0.0.1:\(provider.port)"
        let server = try await SignedInServe.start(minter: minter) { _ in ["--auth-default", "oidc", "--oidc-issuer", issuer, "--oidc-client-id", TokenMinter.client] }
        defer { server.stop() }
        for signer in [TokenMinter.Signer.rsa, .ec, .rsa, .ec] {
            let answer = try await server.post(headers: ["Authorization": "Bearer " + (try server.token([("iss", .string(issuer))], signer: signer))])
            #expect(answer.status == 200, "\(answer.text)\n\(server.serve.logText)")
        }
        #expect(provider.requests(for: "/.well-known/jwks.json") == 1)
    }

    @Test("while the provider's keys cannot be read, every token gets 503 ServiceUnavailable, not 401")
    func keysUnavailable() async throws {
        let nowhere = try ServeProcess.freePort()
        let issuer = "https://idp.example.test"
        let server = try await SignedInServe.start { _ in
            ["--auth-default", "oidc", "--oidc-issuer", issuer, "--oidc-jwks-url", "http://127.0.0.1:\(nowhere)/jwks.json"]
        }
        defer { server.stop() }
        for attempt in 1...3 {
            let answer = try await server.post(headers: ["Authorization": try server.token([("iss", .string(issuer))])])
            #expect(answer.status == 503, "attempt \(attempt): \(answer.text)")
            let json = try JSONSerialization.jsonObject(with: answer.body)
            #expect(errorType(json) == "ServiceUnavailable", "\(answer.text)")
            let id = try #require(answer.headers["x-request-id"])
            #expect(server.logLine(requestID: id, containing: "token signing keys unavailable").contains("jwks.json"), "\(server.serve.logText)")
        }
    }
}
