import ArgumentParser
import Auth
import Authentication
import ClientConfig
import Foundation
import ModelIR
import Store

/// `serve`'s authorization modes, as AppSync's default and additional ones: API keys (`x-api-key`), a Cognito
/// user pool's tokens (`userPools`) and another OpenID Connect provider's tokens (`oidc`), both sent as
/// `Authorization`. Without these options the server takes the modes a Gen 2 schema file's `defineData` names
/// (`SchemaAuthorization`), else API keys only.
struct AuthOptions: ParsableArguments {
    @Option(
        help:
            "The default authorization mode: apiKey, userPools or oidc (env MODELGRAPH_AUTH_DEFAULT; default: a Gen 2 schema's defaultAuthorizationMode, else apiKey).")
    var authDefault: String?
    @Option(
        help:
            "An additional authorization mode, repeatable (env MODELGRAPH_AUTH_ADDITIONAL, comma-separated; default: the other modes a Gen 2 schema's authorizationModes configures)."
    )
    var authAdditional: [String] = Self.list("MODELGRAPH_AUTH_ADDITIONAL")
    @Option(help: "userPools: the user pool's AWS region, e.g. eu-west-1 (env MODELGRAPH_COGNITO_REGION).")
    var cognitoRegion: String = Self.environment("MODELGRAPH_COGNITO_REGION") ?? ""
    @Option(help: "userPools: the user pool's id, e.g. eu-west-1_AbC123 (env MODELGRAPH_COGNITO_USER_POOL_ID).")
    var cognitoUserPoolId: String = Self.environment("MODELGRAPH_COGNITO_USER_POOL_ID") ?? ""
    @Option(
        help: "userPools: an app client id a token must name (aud, or client_id in access tokens), repeatable; none: any (env MODELGRAPH_COGNITO_CLIENT_IDS, comma-separated).")
    var cognitoClientId: [String] = Self.list("MODELGRAPH_COGNITO_CLIENT_IDS")
    @Option(help: "oidc: the provider's issuer, exactly as its tokens' iss (env MODELGRAPH_OIDC_ISSUER; default: a Gen 2 schema's oidcIssuerUrl).")
    var oidcIssuer: String = Self.environment("MODELGRAPH_OIDC_ISSUER") ?? ""
    @Option(help: "oidc: the provider's JSON Web Key Set URL (env MODELGRAPH_OIDC_JWKS_URL; default: <issuer>/.well-known/jwks.json).")
    var oidcJwksUrl: String = Self.environment("MODELGRAPH_OIDC_JWKS_URL") ?? ""
    @Option(
        help: "oidc: a client id a token must name in aud, repeatable; none: any (env MODELGRAPH_OIDC_CLIENT_IDS, comma-separated; default: a Gen 2 schema's clientId).")
    var oidcClientId: [String] = Self.list("MODELGRAPH_OIDC_CLIENT_IDS")
    @Option(help: "A local JSON Web Key Set file to read the token modes' signing keys from instead of their URLs (env MODELGRAPH_JWKS_FILE).")
    var jwksFile: String = Self.environment("MODELGRAPH_JWKS_FILE") ?? ""
    @Option(help: "The claim listing a signed-in user's groups, for group rules that name no groupClaim (env MODELGRAPH_GROUP_CLAIM).")
    var groupClaim: String = Self.environment("MODELGRAPH_GROUP_CLAIM") ?? AuthRule.defaultGroupClaim
    @Option(help: "Seconds the server's clock may be off from a token issuer's, for exp, nbf and iat (env MODELGRAPH_TOKEN_CLOCK_SKEW).")
    var tokenClockSkew: Int = Serve.environment("MODELGRAPH_TOKEN_CLOCK_SKEW", 60)

    /// The user pool an app's configuration names: with user pools among `modes`, a pool id and an app client id.
    func userPool(modes: [AuthProvider]) -> ClientConfiguration.UserPool? {
        guard modes.contains(.userPools), !cognitoUserPoolId.isEmpty, let client = cognitoClientId.first else { return nil }
        return ClientConfiguration.UserPool(region: cognitoRegion, id: cognitoUserPoolId, clientID: client)
    }

    /// One token mode as configured: whose tokens, for whom, and where their signing keys are.
    struct ConfiguredTokenMode {
        var provider: AuthProvider
        var issuer: String
        var audiences: Set<String>
        var keys: SigningKeys.Source
    }

    /// The checked configuration.
    struct Configuration {
        /// The modes, the default first.
        var modes: [AuthProvider]
        var tokenModes: [ConfiguredTokenMode]
        var groupClaim: String
        var clockSkew: Swift.Duration

        /// The authenticator of these modes, checking API keys in `keys`. Signing keys are read when the first
        /// token needs them, not here: the server starts while a provider is unreachable.
        func authenticator(keys: APIKeyStore) -> Authenticator {
            let verifiers = tokenModes.map { mode in
                var policy = TokenPolicy(issuer: mode.issuer, audiences: mode.audiences)
                policy.groupClaim = groupClaim
                policy.clockSkew = clockSkew
                return TokenMode(provider: mode.provider, verifier: TokenVerifier(policy: policy, keys: SigningKeys(source: mode.keys)))
            }
            return Authenticator(modes: modes, keys: keys, tokenModes: verifiers)
        }

        /// The modes as a log line says them: `userPools (default), apiKey`.
        var summary: String {
            modes.enumerated().map { $0.offset == 0 ? "\($0.element.rawValue) (default)" : $0.element.rawValue }.joined(separator: ", ")
        }
    }

    /// The configuration the options describe, with `schema`'s modes where the options say nothing; a user error
    /// naming the option to fix when they do not fit together (a mode listed twice, a token mode without its
    /// issuer, options of a mode that is not configured), or the place in the schema file of a mode ModelGraph
    /// cannot serve.
    func configuration(schema: SchemaAuthorization = .none) throws -> Configuration {
        let explicitDefault = authDefault ?? Self.environment("MODELGRAPH_AUTH_DEFAULT")
        let defaultMode = try explicitDefault.map { try mode($0, option: "--auth-default") } ?? schema.defaultMode?.get() ?? .apiKey
        var modes = [defaultMode]
        if authAdditional.isEmpty {
            // The schema's other modes, and its own default when the options chose another one (a mode
            // ModelGraph cannot serve is then dropped: the options chose not to use it).
            var fromSchema = schema.additionalModes
            if explicitDefault != nil, let fileDefault = try? schema.defaultMode?.get() { fromSchema.insert(.success(fileDefault), at: 0) }
            for additional in fromSchema {
                let mode = try additional.get()
                if !modes.contains(mode) { modes.append(mode) }
            }
        } else {
            modes += try authAdditional.map { try mode($0, option: "--auth-additional") }
        }
        var options = self
        if modes.contains(.oidc) {
            // The schema's provider, unless the options name one (when oidc is not a mode, they are refused).
            if oidcIssuer.isEmpty { options.oidcIssuer = schema.oidcIssuer ?? "" }
            if oidcClientId.isEmpty { options.oidcClientId = schema.oidcClientID.map { [$0] } ?? [] }
        }
        return try options.checked(modes)
    }

    /// The configuration of `modes` (the default first) with these options' settings.
    private func checked(_ modes: [AuthProvider]) throws -> Configuration {
        for mode in Set(modes) where modes.count(where: { $0 == mode }) > 1 {
            throw UserError("\(mode.rawValue) is listed more than once among --auth-default and --auth-additional; name each mode once.")
        }
        var tokenModes: [ConfiguredTokenMode] = []
        if modes.contains(.userPools) { tokenModes.append(try userPools()) } else { try refuseUnused(.userPools) }
        if modes.contains(.oidc) { tokenModes.append(try oidc()) } else { try refuseUnused(.oidc) }
        if tokenModes.count == 2, tokenModes[0].issuer == tokenModes[1].issuer {
            throw UserError("userPools and oidc have the same issuer \(tokenModes[0].issuer); a token could not tell which mode it is for.")
        }
        if !jwksFile.isEmpty {
            guard !tokenModes.isEmpty else { throw UserError("--jwks-file is for the userPools and oidc modes, and neither is configured (--auth-default, --auth-additional).") }
            guard FileManager.default.isReadableFile(atPath: jwksFile), (try? Data(contentsOf: URL(fileURLWithPath: jwksFile))) != nil else {
                throw UserError("Cannot read --jwks-file '\(jwksFile)': \(whyUnreadable(jwksFile)).")
            }
        }
        guard !groupClaim.isEmpty else { throw UserError("--group-claim must name a claim.") }
        guard tokenClockSkew >= 0 else { throw UserError("--token-clock-skew must be 0 or more seconds; got \(tokenClockSkew).") }
        return Configuration(modes: modes, tokenModes: tokenModes, groupClaim: groupClaim, clockSkew: .seconds(tokenClockSkew))
    }

    /// The user pool mode: issuer `https://cognito-idp.<region>.amazonaws.com/<pool id>`, keys at
    /// `<issuer>/.well-known/jwks.json` unless `--jwks-file` names a file.
    private func userPools() throws -> ConfiguredTokenMode {
        guard !cognitoRegion.isEmpty, !cognitoUserPoolId.isEmpty else {
            throw UserError("The userPools mode needs --cognito-region and --cognito-user-pool-id: its tokens' issuer is https://cognito-idp.<region>.amazonaws.com/<pool id>.")
        }
        guard cognitoRegion.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
            throw UserError("--cognito-region must be an AWS region such as eu-west-1; got '\(cognitoRegion)'.")
        }
        guard cognitoUserPoolId.hasPrefix(cognitoRegion + "_"), cognitoUserPoolId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw UserError("--cognito-user-pool-id must be a pool id of region \(cognitoRegion), such as \(cognitoRegion)_AbC123; got '\(cognitoUserPoolId)'.")
        }
        let issuer = "https://cognito-idp.\(cognitoRegion).amazonaws.com/\(cognitoUserPoolId)"
        return ConfiguredTokenMode(provider: .userPools, issuer: issuer, audiences: Set(cognitoClientId), keys: try keySource(defaultURL: issuer + "/.well-known/jwks.json"))
    }

    /// The OpenID Connect mode: the configured issuer, keys at `--oidc-jwks-url` (by default
    /// `<issuer>/.well-known/jwks.json`) unless `--jwks-file` names a file.
    private func oidc() throws -> ConfiguredTokenMode {
        guard !oidcIssuer.isEmpty else { throw UserError("The oidc mode needs --oidc-issuer: the issuer URL its tokens carry as iss.") }
        guard Self.isWebURL(oidcIssuer) else { throw UserError("--oidc-issuer must be an http or https URL; got '\(oidcIssuer)'.") }
        guard oidcJwksUrl.isEmpty || Self.isWebURL(oidcJwksUrl) else { throw UserError("--oidc-jwks-url must be an http or https URL; got '\(oidcJwksUrl)'.") }
        let defaultURL = (oidcIssuer.hasSuffix("/") ? String(oidcIssuer.dropLast()) : oidcIssuer) + "/.well-known/jwks.json"
        return ConfiguredTokenMode(
            provider: .oidc, issuer: oidcIssuer, audiences: Set(oidcClientId), keys: try keySource(defaultURL: oidcJwksUrl.isEmpty ? defaultURL : oidcJwksUrl))
    }

    /// `--jwks-file` when given, else `url`.
    private func keySource(defaultURL url: String) throws -> SigningKeys.Source {
        if !jwksFile.isEmpty { return .file(URL(fileURLWithPath: jwksFile)) }
        guard let parsed = URL(string: url) else { throw UserError("'\(url)' is not a URL a key set can be read from.") }
        return .url(parsed)
    }

    /// Refuses options of `mode` when it is not configured: they would otherwise be silently ignored.
    private func refuseUnused(_ mode: AuthProvider) throws {
        let options: [(name: String, isSet: Bool)] =
            mode == .userPools
            ? [("--cognito-region", !cognitoRegion.isEmpty), ("--cognito-user-pool-id", !cognitoUserPoolId.isEmpty), ("--cognito-client-id", !cognitoClientId.isEmpty)]
            : [("--oidc-issuer", !oidcIssuer.isEmpty), ("--oidc-jwks-url", !oidcJwksUrl.isEmpty), ("--oidc-client-id", !oidcClientId.isEmpty)]
        let given = options.filter { $0.isSet }.map { $0.name }
        guard let first = given.first else { return }
        throw UserError("\(first) is for the \(mode.rawValue) mode, which is not configured; add --auth-default \(mode.rawValue) or --auth-additional \(mode.rawValue).")
    }

    /// The mode `text` names.
    private func mode(_ text: String, option: String) throws -> AuthProvider {
        guard let mode = AuthProvider(rawValue: text) else {
            throw UserError("\(option) must be one of \(AuthProvider.allCases.map(\.rawValue).joined(separator: ", ")); got '\(text)'.")
        }
        return mode
    }

    private static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        return scheme == "https" || scheme == "http"
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func list(_ name: String) -> [String] {
        (ProcessInfo.processInfo.environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
