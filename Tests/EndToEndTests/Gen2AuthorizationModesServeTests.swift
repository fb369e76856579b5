import Foundation
import JSON
import TestSupport
import Testing

/// A Gen 2 `resource.ts`'s `defineData({ authorizationModes })` sets `serve`'s modes where its options say
/// nothing: the default mode (Amplify's `userPool` is ModelGraph's `userPools`), API keys beside it when
/// `apiKeyAuthorizationMode` is given, the lifetime of the key `serve` makes and of `keys create`'s; explicit
/// options win; a mode ModelGraph cannot serve stops `serve` at its place in the file.
@Suite("Gen 2 authorization modes in serve", .serialized)
struct Gen2AuthorizationModesServeTests {
    /// A `resource.ts` of one model readable by signed-in users of both token modes and API keys, with `modes` as `authorizationModes`.
    static func resource(_ modes: String) -> String {
        """
        import { a, defineData, type ClientSchema } from '@aws-amplify/backend';

        const schema = a.schema({
          Note: a.model({ text: a.string() })
            .authorization((allow) => [allow.authenticated(), allow.authenticated('oidc'), allow.publicApiKey()]),
        });
        export type Schema = ClientSchema<typeof schema>;

        export const data = defineData({
          schema,
          authorizationModes: \(modes),
        });
        """
    }

    /// Makes `folder` a project of `resource`: `resource.ts` and the migration `migrate generate` writes for it.
    static func project(_ resource: String) -> (URL) throws -> Void {
        { folder in try SignedInServe.project(resource, in: folder, file: "resource.ts") }
    }

    @Test("defaultAuthorizationMode 'userPool': serve requires a token, makes no API key and refuses one")
    func userPoolDefault() async throws {
        let server = try await SignedInServe.start(project: Self.project(Self.resource("{ defaultAuthorizationMode: 'userPool' }"))) { folder in
            ["--schema", "resource.ts"] + SignedInServe.userPoolArguments + ["--jwks-file", SignedInServe.jwksFile(in: folder).path]
        }
        defer { server.stop() }
        let log = server.serve.logText
        #expect(log.contains("authorization modes: userPools (default)") && !log.contains("userPools (default), "), "\(log)")
        #expect(!log.contains("API key: "), "\(log)")
        let query = "{ listNotes { items { id } } }"
        let anonymous = try await server.post(query, headers: [:])
        #expect(anonymous.status == 401 && anonymous.text == SignedInServe.unauthorizedBody, "\(anonymous.text)")
        let (status, key, errors) = try await CommandLineTests.run(["keys", "create", "--database-url", server.database], in: server.folder)
        try #require(status == 0, "\(errors)")
        let keyed = try await server.post(query, headers: ["x-api-key": key.trimmingCharacters(in: .whitespacesAndNewlines)])
        #expect(keyed.status == 401, "\(keyed.text)")
        let signedIn = try await server.post(query, headers: ["Authorization": try server.token()])
        #expect(signedIn.status == 200 && signedIn.text.contains("\"listNotes\""), "\(signedIn.text)")
    }

    @Test("apiKeyAuthorizationMode.expiresInDays is the lifetime of serve's key and of keys create's; --auth-default wins over the file")
    func apiKeyLifetime() async throws {
        let modes = "{ defaultAuthorizationMode: 'apiKey', apiKeyAuthorizationMode: { expiresInDays: 30 } }"
        let server = try await SignedInServe.start(project: Self.project(Self.resource(modes))) { _ in ["--schema", "resource.ts"] }
        defer { server.stop() }
        let log = server.serve.logText
        #expect(log.contains("authorization modes: apiKey (default)"), "\(log)")
        let key = try server.serve.apiKey()
        #expect(try await server.post("{ listNotes { items { id } } }", headers: ["x-api-key": key]).status == 200)

        let (created, createdKey, createErrors) = try await CommandLineTests.run(
            ["keys", "create", "--schema", "resource.ts", "--database-url", server.database, "--description", "from-schema"], in: server.folder)
        try #require(created == 0, "\(createErrors)")
        // keys rotate takes the same default: its replacement (listed first, with the old key's description) too.
        let createdID = try #require(createdKey.split(separator: "_").dropFirst().first.map(String.init))
        let (rotated, _, rotateErrors) = try await CommandLineTests.run(
            ["keys", "rotate", createdID, "--schema", "resource.ts", "--database-url", server.database], in: server.folder)
        try #require(rotated == 0, "\(rotateErrors)")
        let (listed, list, listErrors) = try await CommandLineTests.run(["keys", "list", "--database-url", server.database], in: server.folder)
        try #require(listed == 0, "\(listErrors)")
        let expected = Self.day(in: 30)
        for description in ["created by serve", "from-schema"] {
            let line = list.split(separator: "\n").first { $0.contains("  \(description)  ") }.map(String.init) ?? ""
            #expect(line.contains("expires \(expected)"), "\(description): \(list)")
        }

        // Explicit options win: the file's default becomes an additional mode.
        let explicit = try ServeProcess.launch(
            in: server.folder,
            arguments: ["--schema", "resource.ts", "--database-url", server.database, "--auth-default", "userPools", "--jwks-file", SignedInServe.jwksFile(in: server.folder).path]
                + SignedInServe.userPoolArguments, logName: "explicit.log")
        defer { explicit.process.terminate() }
        #expect(await explicit.waitForLog("serving http://"), "\(explicit.logText)")
        #expect(explicit.logText.contains("authorization modes: userPools (default), apiKey"), "\(explicit.logText)")
    }

    @Test("oidcAuthorizationMode's issuer and client id are the OIDC defaults: its tokens are accepted, another client's refused")
    func oidcFromTheFile() async throws {
        let issuer = "https://idp.example.test/realms/app"
        let modes =
            "{ defaultAuthorizationMode: 'oidc', oidcAuthorizationMode: { oidcProviderName: 'idp', oidcIssuerUrl: '\(issuer)', clientId: '\(TokenMinter.client)', tokenExpiryFromAuthInSeconds: 300, tokenExpireFromIssueInSeconds: 300 } }"
        let server = try await SignedInServe.start(project: Self.project(Self.resource(modes))) { folder in
            ["--schema", "resource.ts", "--jwks-file", SignedInServe.jwksFile(in: folder).path]
        }
        defer { server.stop() }
        #expect(server.serve.logText.contains("authorization modes: oidc (default)"), "\(server.serve.logText)")
        let query = "{ listNotes { items { id } } }"
        let accepted = try await server.post(query, headers: ["Authorization": try server.token([("iss", .string(issuer))])])
        #expect(accepted.status == 200 && accepted.text.contains(#""listNotes""#) && !accepted.text.contains(#""errors""#), "\(accepted.text)")
        let otherClient = try await server.post(query, headers: ["Authorization": try server.token([("iss", .string(issuer)), ("aud", .string("another-app"))])])
        #expect(otherClient.status == 401, "\(otherClient.text)")
        let otherIssuer = try await server.post(query, headers: ["Authorization": try server.token()])
        #expect(otherIssuer.status == 401, "\(otherIssuer.text)")
    }

    @Test("a default mode ModelGraph cannot serve stops serve at its place in the file, before any database")
    func unsupportedDefault() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.resource("{ defaultAuthorizationMode: 'identityPool' }").write(to: folder.appendingPathComponent("resource.ts"), atomically: true, encoding: .utf8)
        let serve = try ServeProcess.launch(in: folder, arguments: ["--schema", "resource.ts"])
        #expect(await serve.waitForExit() == 1)
        let log = serve.logText
        #expect(log.contains("resource.ts:11:25: error: the identityPool mode (AWS IAM signatures) is not supported by ModelGraph"), "\(log)")
        #expect(log.contains("\n" + String(repeating: " ", count: 24) + "^\n"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: serve.clusterFolder.path))
        // Choosing the modes explicitly is the way out the message names.
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--schema", "resource.ts", "--auth-default", "iam"], in: folder)
        #expect(status == 1 && errors.contains("--auth-default must be one of apiKey, userPools, oidc; got 'iam'."), "\(errors)")
    }

    /// The date `days` from now, as `keys list` prints it (UTC), e.g. `2026-12-26`.
    static func day(in days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSinceNow: Double(days) * 86_400))
    }
}
