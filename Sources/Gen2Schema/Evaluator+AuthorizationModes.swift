import ModelIR

/// `defineData({ authorizationModes: {...} })`: the API's default mode, the API key's lifetime and the OpenID
/// Connect provider, recorded with their places for the commands that serve the schema.
extension Evaluator {
    /// The modes `defaultAuthorizationMode` may name.
    static let authorizationModeNames: Set<String> = ["apiKey", "userPool", "oidc", "identityPool", "iam", "lambda"]

    /// The longest API key lifetime AppSync accepts, in days (the shortest is one day).
    static let maximumAPIKeyDays = 365

    /// `authorizationModes: { defaultAuthorizationMode, apiKeyAuthorizationMode, oidcAuthorizationMode,
    /// lambdaAuthorizationMode }`.
    func authorizationModes(_ member: Value.Member) throws(Gen2Error) -> AuthorizationModes {
        guard case .object(let settings) = member.value else { throw Gen2Error("authorizationModes must be an object.", at: member.location) }
        var modes = AuthorizationModes()
        for setting in settings {
            switch (setting.key, setting.value) {
            case ("defaultAuthorizationMode", .string(let mode)):
                guard Self.authorizationModeNames.contains(mode) else {
                    throw Gen2Error(
                        "Unknown defaultAuthorizationMode '\(mode)'; Amplify's modes are \(Self.authorizationModeNames.sorted().joined(separator: ", ")).",
                        at: setting.location)
                }
                modes.defaultMode = mode
                modes.defaultModeLocation = setting.location
            case ("apiKeyAuthorizationMode", .object(let apiKey)):
                modes.apiKeyLocation = setting.location
                modes.apiKeyExpiresInDays = try expiresInDays(apiKey)
            case ("oidcAuthorizationMode", .object(let oidc)):
                modes.oidc = try oidcSettings(oidc, at: setting.location)
            case ("lambdaAuthorizationMode", _):
                modes.lambdaLocation = setting.location
            case ("userPoolAuthorizationMode", _):
                // Read by `serve`'s own user pool options; nothing of the schema.
                continue
            case ("defaultAuthorizationMode", _), ("apiKeyAuthorizationMode", _), ("oidcAuthorizationMode", _):
                throw Gen2Error(
                    "authorizationModes.\(setting.key) must be \(setting.key == "defaultAuthorizationMode" ? "a string" : "an object"), not \(setting.value.description).",
                    at: setting.location)
            default:
                throw Gen2Error("authorizationModes option '\(setting.key)' is not supported by ModelGraph.", at: setting.location)
            }
        }
        return modes
    }

    /// `apiKeyAuthorizationMode: { description, expiresInDays }`: the lifetime, a whole number of days from 1 to 365
    /// as AppSync requires.
    private func expiresInDays(_ options: [Value.Member]) throws(Gen2Error) -> Int? {
        var days: Int?
        for option in options {
            switch (option.key, option.value) {
            case ("expiresInDays", .number(let number)):
                guard number.rounded() == number, number >= 1, number <= Double(Self.maximumAPIKeyDays) else {
                    throw Gen2Error(
                        "apiKeyAuthorizationMode.expiresInDays must be a whole number of days from 1 to \(Self.maximumAPIKeyDays); got \(JavaScriptNumber.text(number)).",
                        at: option.location)
                }
                days = Int(number)
            case ("description", .string): continue
            default: throw Gen2Error("apiKeyAuthorizationMode option '\(option.key)' is not supported.", at: option.location)
            }
        }
        return days
    }

    /// `oidcAuthorizationMode: { oidcProviderName, oidcIssuerUrl, clientId, tokenExpiryFromAuthInSeconds,
    /// tokenExpireFromIssueInSeconds }`: the issuer and client id (tokens' own `exp` bounds their lifetime).
    private func oidcSettings(_ options: [Value.Member], at location: SourceLocation) throws(Gen2Error) -> AuthorizationModes.OIDCSettings {
        var settings = AuthorizationModes.OIDCSettings(issuerURL: nil, clientID: nil, location: location)
        for option in options {
            switch (option.key, option.value) {
            case ("oidcIssuerUrl", .string(let url)): settings.issuerURL = url
            case ("clientId", .string(let client)): settings.clientID = client
            case ("oidcProviderName", .string), ("tokenExpiryFromAuthInSeconds", .number), ("tokenExpireFromIssueInSeconds", .number): continue
            default: throw Gen2Error("oidcAuthorizationMode option '\(option.key)' is not supported here (or is not of its type).", at: option.location)
            }
        }
        return settings
    }
}
