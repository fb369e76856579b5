import Foundation
import JSON
import TestSupport
import Testing

/// Signed-in users over HTTP, on `modelgraph serve --auth-default userPools … --auth-additional apiKey`: a user
/// pool's token is accepted raw or as `Bearer`, and the request runs as that user's mode; every bad token gets
/// AppSync's 401 body exactly, with the reason only in the server's log, beside the request id.
@Suite("Signed-in users: user-pool tokens over HTTP")
struct SignedInUserTests {
    static func start() async throws -> SignedInServe {
        try await SignedInServe.start { folder in
            ["--auth-default", "userPools"] + SignedInServe.userPoolArguments + ["--jwks-file", SignedInServe.jwksFile(in: folder).path, "--auth-additional", "apiKey"]
        }
    }

    @Test("a valid token runs the request as a userPools caller, raw and as Bearer, RS256 and ES256; an API key still runs as apiKey")
    func validTokens() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        #expect(server.serve.logText.contains("authorization modes: userPools (default), apiKey"), "\(server.serve.logText)")
        for signer in [TokenMinter.Signer.rsa, .ec] {
            let token = try server.token(signer: signer)
            for header in [token, "Bearer \(token)"] {
                let answer = try await server.post(headers: ["Authorization": header])
                #expect(answer.status == 200, "\(signer) \(header.prefix(7)): \(answer.text)")
                #expect((value(try JSONSerialization.jsonObject(with: answer.body), "data", "listTeams", "items") as? [Any])?.isEmpty == true, "\(answer.text)")
                let id = try #require(answer.headers["x-request-id"])
                #expect(server.logLine(requestID: id, containing: "graphql").contains("auth=userPools"), "\(server.serve.logText)")
            }
        }
        let key = try server.serve.apiKey()
        let keyed = try await server.post(headers: ["x-api-key": key])
        #expect(keyed.status == 200, "\(keyed.text)")
        let id = try #require(keyed.headers["x-request-id"])
        #expect(server.logLine(requestID: id, containing: "graphql").contains("auth=apiKey"))
    }

    @Test("expired, wrong issuer, wrong audience, tampered, alg none, unknown kid, garbage: 401 with AppSync's body, the reason only in the log")
    func badTokens() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let now = Int(Date().timeIntervalSince1970)
        let valid = try server.token().split(separator: ".")
        let otherPayload = try server.token([("sub", .string("admin"))]).split(separator: ".")[1]
        let cases: [(name: String, token: String, reason: String)] = [
            ("expired", try server.token([("exp", .int(now - 3600))]), "reason=expired "),
            ("wrong issuer", try server.token([("iss", .string("https://evil.example"))]), "reason=wrong issuer https://evil.example "),
            ("wrong audience", try server.token([("aud", .string("another-app"))]), "reason=wrong audience "),
            ("tampered", "\(valid[0]).\(otherPayload).\(valid[2])", "reason=bad signature "),
            ("alg none", TokenMinter.unsigned(TokenMinter.claims(), alg: "none", kid: server.minter.rsaID, signature: [1]), #"reason=unsupported signing algorithm "none" "#),
            ("unknown kid", try server.minter.token(TokenMinter.claims(), kid: "nobody"), "reason=no signing key nobody "),
            ("garbage", "not-a-token", "reason=malformed token: not three base64url parts "),
        ]
        for (name, token, reason) in cases {
            let answer = try await server.post(headers: ["Authorization": "Bearer \(token)"])
            #expect(answer.status == 401, "\(name): \(answer.text)")
            #expect(answer.text == SignedInServe.unauthorizedBody, "\(name)")
            let id = try #require(answer.headers["x-request-id"])
            #expect(server.logLine(requestID: id, containing: "request refused").contains(reason), "\(name): \(server.serve.logText)")
        }
        // A token decides even beside a valid API key; no credentials at all is refused without a log line.
        let both = try await server.post(headers: ["Authorization": "not-a-token", "x-api-key": try server.serve.apiKey()])
        #expect(both.status == 401 && both.text == SignedInServe.unauthorizedBody, "\(both.text)")
        let none = try await server.post(headers: [:])
        #expect(none.status == 401 && none.text == SignedInServe.unauthorizedBody)
        #expect(server.logLine(requestID: try #require(none.headers["x-request-id"]), containing: "refused") == "")
    }
}
