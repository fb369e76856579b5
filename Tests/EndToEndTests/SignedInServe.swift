import Foundation
import JSON
import TestSupport
import Testing

/// `modelgraph serve` with signed-in users' modes, as users start it: the fixture project on a fresh test
/// database, a `TokenMinter` whose public keys are in `<folder>/jwks.json`, and requests sent with a token.
final class SignedInServe: Sendable {
    /// The user pool `TokenMinter.issuer` names.
    static let userPoolArguments = ["--cognito-region", "eu-west-1", "--cognito-user-pool-id", "eu-west-1_TEST", "--cognito-client-id", TokenMinter.client]

    let serve: ServeProcess
    let minter: TokenMinter
    let folder: URL
    /// The test database serve runs on.
    let database: String

    private init(serve: ServeProcess, minter: TokenMinter, folder: URL, database: String) {
        self.serve = serve
        self.minter = minter
        self.folder = folder
        self.database = database
    }

    /// The key set file of the minter's keys in `folder`.
    static func jwksFile(in folder: URL) -> URL { folder.appendingPathComponent("jwks.json") }

    /// Starts serve with `arguments(folder)` after `--database-url`; the minter's key set is written to
    /// `jwksFile(in: folder)` first, and `prepare` may add files (a key set to serve over HTTP, say).
    /// `project` makes the folder's schema and migrations (default: the fixture project, opened to signed-in users).
    static func start(
        minter: TokenMinter? = nil, project: (URL) throws -> Void = openToSignedInUsers, prepare: (URL) throws -> Void = { _ in }, arguments: (URL) -> [String]
    ) async throws -> SignedInServe {
        let minter = try minter ?? TokenMinter()
        let folder = try CommandLineTests.projectFolder()
        do {
            try project(folder)
            try minter.jwks().write(to: jwksFile(in: folder), atomically: true, encoding: .utf8)
            try prepare(folder)
            let database = try await TestDatabase.makeDatabase()
            let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database] + arguments(folder))
            return SignedInServe(serve: serve, minter: minter, folder: folder, database: database)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Lets signed-in users of both token modes use the fixture project's models beside API keys: a private rule
    /// per provider next to each public one (the tables do not change, so its migrations still hold).
    static func openToSignedInUsers(_ folder: URL) throws {
        let file = folder.appendingPathComponent("schema.graphql")
        let schema = try String(contentsOf: file, encoding: .utf8)
        let opened = schema.replacingOccurrences(
            of: "@auth(rules: [{ allow: public }])", with: "@auth(rules: [{ allow: public }, { allow: private }, { allow: private, provider: oidc }])")
        guard opened != schema else { throw CocoaError(.fileReadCorruptFile) }
        try opened.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Starts serve on `schema` (its migration generated first) with user pools by default and API keys beside.
    static func start(schema: String) async throws -> SignedInServe {
        try await start(
            project: { folder in try project(schema, in: folder) },
            arguments: { folder in
                ["--auth-default", "userPools"] + userPoolArguments + ["--jwks-file", jwksFile(in: folder).path, "--auth-additional", "apiKey"]
            })
    }

    /// Makes `folder` a project of `schema`: the schema file (`file`) and a migration `modelgraph migrate
    /// generate` writes.
    static func project(_ schema: String, in folder: URL, file: String = "schema.graphql") throws {
        try schema.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("migrations"))
        let generate = Process()
        generate.executableURL = CommandLineTests.executable
        generate.arguments = ["migrate", "generate", "--schema", file, "--migrations", "migrations", "--name", "init"]
        generate.currentDirectoryURL = folder
        generate.standardOutput = FileHandle.nullDevice
        try generate.run()
        generate.waitUntilExit()
        guard generate.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Sends serve SIGTERM (it exits by itself; it has read everything it needs from its folder) and removes
    /// the folder.
    func stop() {
        serve.process.terminate()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A token of `TokenMinter.claims` with `changes`, signed by `signer`.
    func token(_ changes: [(String, JSONValue)] = [], signer: TokenMinter.Signer = .rsa) throws -> String {
        try minter.token(TokenMinter.claims(changes), signer: signer)
    }

    /// Posts `query` with `headers` (none: no credentials at all).
    func post(_ query: String = "{ listTeams { items { id } } }", headers: [String: String]) async throws -> TestHTTP.Answer {
        var fields = headers
        fields["Content-Type"] = "application/json"
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        return try await TestHTTP.send(URL(string: "http://127.0.0.1:\(serve.port)/graphql")!, body: body, headers: fields)
    }

    /// The log line serve wrote for request `id` with `message` in it; empty when there is none. Serve writes a
    /// request's lines before it answers it, so they are there once the answer has come.
    func logLine(requestID id: String, containing message: String) -> String {
        serve.logText.split(separator: "\n").first { $0.contains("requestId=\(id) ") && $0.contains(message) }.map(String.init) ?? ""
    }

    /// AppSync's 401 body, exactly.
    static let unauthorizedBody = #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#
}
