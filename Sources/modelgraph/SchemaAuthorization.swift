import Gen2Schema
import ModelIR

/// What a Gen 2 schema file's `defineData({ authorizationModes })` says about `serve`'s modes, as defaults:
/// `--auth-default`, `--auth-additional` and the OIDC options (flags, environment or config file) win over it.
/// The file's modes are AppSync's: the default one, plus API keys when `apiKeyAuthorizationMode` is given and the
/// OpenID Connect provider when `oidcAuthorizationMode` is. Modes ModelGraph cannot serve (`identityPool`,
/// `iam`, `lambda`) stop `serve` with the place in the file, when they would be used.
struct SchemaAuthorization {
    /// The default mode, or the located error naming a mode ModelGraph does not serve.
    var defaultMode: Result<AuthProvider, UserError>?
    /// The other modes the file configures, each one or its located error.
    var additionalModes: [Result<AuthProvider, UserError>] = []
    /// `oidcAuthorizationMode.oidcIssuerUrl`.
    var oidcIssuer: String?
    /// `oidcAuthorizationMode.clientId`.
    var oidcClientID: String?
    /// `apiKeyAuthorizationMode.expiresInDays`.
    var apiKeyLifetimeDays: Int?

    /// Nothing from the schema: a `.graphql` file, or a Gen 2 file without `authorizationModes`.
    static let none = SchemaAuthorization()

    private init() {}

    /// The defaults of `document`'s authorization modes.
    init(_ document: SchemaDocument) {
        guard let modes = document.conversion?.authorizationModes else { return }
        func mode(_ name: String, at location: SourceLocation?) -> Result<AuthProvider, UserError> {
            switch name {
            case "apiKey": return .success(.apiKey)
            case "userPool": return .success(.userPools)
            case "oidc": return .success(.oidc)
            default:
                let why =
                    name == "lambda"
                    ? "the lambda mode (a Lambda authorizer) is not supported by ModelGraph"
                    : "the \(name) mode (AWS IAM signatures) is not supported by ModelGraph"
                let message = "\(why); choose the modes ModelGraph serves (apiKey, userPools, oidc) with --auth-default and --auth-additional."
                return .failure(UserError(location.map { document.formatted(.error(message, at: $0)) } ?? "\(document.file): \(message)"))
            }
        }
        defaultMode = modes.defaultMode.map { mode($0, at: modes.defaultModeLocation) }
        if modes.apiKeyLocation != nil, modes.defaultMode != "apiKey" { additionalModes.append(.success(.apiKey)) }
        if modes.oidc != nil, modes.defaultMode != "oidc" { additionalModes.append(.success(.oidc)) }
        if let lambda = modes.lambdaLocation, modes.defaultMode != "lambda" { additionalModes.append(mode("lambda", at: lambda)) }
        oidcIssuer = modes.oidc?.issuerURL
        oidcClientID = modes.oidc?.clientID
        apiKeyLifetimeDays = modes.apiKeyExpiresInDays
    }

    /// The lifetime of API keys made without `--expires`, in seconds: the file's `expiresInDays`, if given.
    var apiKeyLifetime: Double? { apiKeyLifetimeDays.map { Double($0) * 86_400 } }
}
