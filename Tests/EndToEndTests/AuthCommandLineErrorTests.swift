import Foundation
import Testing

/// `serve`'s authorization options that do not fit together stop it before it touches a database: exit 1 and
/// one line naming the option to fix.
@Suite("Command line: authorization mode errors")
struct AuthCommandLineErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let pool = ["--cognito-region", "eu-west-1", "--cognito-user-pool-id", "eu-west-1_TEST"]

    static let cases: [Case] = [
        Case(arguments: ["--auth-default", "iam"], message: "--auth-default must be one of apiKey, userPools, oidc; got 'iam'."),
        Case(
            arguments: ["--auth-default", "userPools", "--auth-additional", "apiKey", "--auth-additional", "userPools"] + pool,
            message: "userPools is listed more than once among --auth-default and --auth-additional; name each mode once."),
        Case(
            arguments: ["--auth-additional", "apiKey"], message: "apiKey is listed more than once among --auth-default and --auth-additional; name each mode once."),
        Case(
            arguments: ["--auth-default", "userPools", "--jwks-file", "jwks.json"],
            message:
                "The userPools mode needs --cognito-region and --cognito-user-pool-id: its tokens' issuer is https://cognito-idp.<region>.amazonaws.com/<pool id>."),
        Case(
            arguments: ["--auth-default", "userPools", "--cognito-region", "eu-west-1", "--cognito-user-pool-id", "us-east-1_X"],
            message: "--cognito-user-pool-id must be a pool id of region eu-west-1, such as eu-west-1_AbC123; got 'us-east-1_X'."),
        Case(arguments: ["--auth-default", "oidc"], message: "The oidc mode needs --oidc-issuer: the issuer URL its tokens carry as iss."),
        Case(arguments: ["--auth-default", "oidc", "--oidc-issuer", "idp.example.com"], message: "--oidc-issuer must be an http or https URL; got 'idp.example.com'."),
        Case(
            arguments: pool,
            message: "--cognito-region is for the userPools mode, which is not configured; add --auth-default userPools or --auth-additional userPools."),
        Case(
            arguments: ["--oidc-client-id", "app"],
            message: "--oidc-client-id is for the oidc mode, which is not configured; add --auth-default oidc or --auth-additional oidc."),
        Case(
            arguments: ["--jwks-file", "jwks.json"],
            message: "--jwks-file is for the userPools and oidc modes, and neither is configured (--auth-default, --auth-additional)."),
        Case(arguments: ["--auth-default", "userPools", "--jwks-file", "missing.json"] + pool, message: "Cannot read --jwks-file 'missing.json': no such file."),
        Case(
            arguments: ["--auth-default", "oidc", "--oidc-issuer", "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_TEST", "--auth-additional", "userPools"] + pool,
            message: "userPools and oidc have the same issuer https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_TEST; a token could not tell which mode it is for."),
        Case(
            arguments: ["--auth-default", "userPools", "--token-clock-skew=-1"] + pool,
            message: "--token-clock-skew must be 0 or more seconds; got -1."),
    ]

    @Test("a combination that does not fit: exit 1 and a message naming the option, before any database is asked", arguments: cases)
    func refused(_ refused: Case) async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{\"keys\":[]}".write(to: folder.appendingPathComponent("jwks.json"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--database-url", "postgresql:///nowhere"] + refused.arguments, in: folder)
        #expect(status == 1, "\(errors)")
        #expect(errors == refused.message + "\n")
    }

    @Test("the settings come from a config file too (MODELGRAPH_AUTH_DEFAULT, MODELGRAPH_COGNITO_REGION, …)")
    func configFile() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "MODELGRAPH_AUTH_DEFAULT=userPools\nMODELGRAPH_COGNITO_REGION=eu-west-1\nMODELGRAPH_AUTH_ADDITIONAL=apiKey,oidc\n".write(
            to: folder.appendingPathComponent("auth.env"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["--config", "auth.env", "serve", "--database-url", "postgresql:///nowhere"], in: folder)
        #expect(status == 1, "\(errors)")
        #expect(errors.hasPrefix("The userPools mode needs --cognito-region and --cognito-user-pool-id"), "\(errors)")
    }
}
