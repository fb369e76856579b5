import Foundation
import Gen2Schema
import ModelIR
import Testing

/// `defineData({ authorizationModes })` as Amplify's backend reads it: the default mode, the API key's lifetime
/// (a whole number of days from 1 to 365), the OpenID Connect provider and a Lambda authorizer, each recorded
/// with its place in the file; values Amplify would refuse are refused there.
@Suite("Gen 2 authorization modes")
struct Gen2AuthorizationModesTests {
    /// A one-model file whose `defineData` gets `modes` as its `authorizationModes`.
    static func file(_ modes: String) -> String {
        """
        import { a, defineData } from '@aws-amplify/backend';
        const schema = a.schema({
          Todo: a.model({ content: a.string() }),
        }).authorization((allow) => [allow.publicApiKey()]);
        export const data = defineData({
          schema,
          authorizationModes: \(modes),
        });
        """
    }

    @Test("every mode's settings are recorded with their places")
    func recorded() throws {
        let source = Self.file(
            """
            {
                defaultAuthorizationMode: 'oidc',
                apiKeyAuthorizationMode: { expiresInDays: 30, description: 'web' },
                oidcAuthorizationMode: {
                  oidcProviderName: 'idp',
                  oidcIssuerUrl: 'https://idp.example.com/realms/app',
                  clientId: 'web-client',
                  tokenExpiryFromAuthInSeconds: 300,
                  tokenExpireFromIssueInSeconds: 600,
                },
              }
            """)
        let modes = try Gen2Conversion.convert(source: source, file: "resource.ts").authorizationModes
        #expect(modes.defaultMode == "oidc")
        #expect(modes.defaultModeLocation == SourceLocation(file: "resource.ts", line: 8, column: 5))
        #expect(modes.apiKeyExpiresInDays == 30)
        #expect(modes.apiKeyLocation == SourceLocation(file: "resource.ts", line: 9, column: 5))
        #expect(modes.oidc?.issuerURL == "https://idp.example.com/realms/app")
        #expect(modes.oidc?.clientID == "web-client")
        #expect(modes.lambdaLocation == nil)
    }

    static let refusals: [(modes: String, line: Int, column: Int, message: String)] = [
        ("{ apiKeyAuthorizationMode: { expiresInDays: 0 } }", 7, 52, "from 1 to 365; got 0"),
        ("{ apiKeyAuthorizationMode: { expiresInDays: 366 } }", 7, 52, "from 1 to 365; got 366"),
        ("{ apiKeyAuthorizationMode: { expiresInDays: 1.5 } }", 7, 52, "whole number of days"),
        ("{ defaultAuthorizationMode: 'cognito' }", 7, 25, "Unknown defaultAuthorizationMode 'cognito'"),
        ("{ defaultAuthorizationMode: 7 }", 7, 25, "must be a string"),
        ("{ oidcAuthorizationMode: { oidcIssuerUrl: 7 } }", 7, 50, "oidcAuthorizationMode option 'oidcIssuerUrl'"),
    ]

    @Test("values Amplify refuses, and a Lambda authorizer, are refused at their place", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (modes, line, column, message) = Self.refusals[index]
        let source = Self.file(modes).replacingOccurrences(of: "{ a, defineData }", with: "{ a, defineData, defineFunction }")
        let error = try #require(Gen2Fixtures.error(source))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location == SourceLocation(file: "resource.ts", line: line, column: column), "\(error)")
    }
}
