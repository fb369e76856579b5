import JSON
package import ModelIR

/// The configuration files an Amplify app reads to reach a ModelGraph server, as Amplify's tooling writes them
/// for an AppSync API of the same schema: Gen 2's `amplify_outputs.json` (with `model_introspection`, from which
/// the data client builds its documents), and Gen 1's `amplifyconfiguration.json` and `aws-exports.js`.
package struct ClientConfiguration: Sendable {
    /// The GraphQL endpoint (`https://…/graphql`).
    package var url: String
    /// The region the client is told; AppSync clients require one, ModelGraph ignores it.
    package var region: String
    /// The API key the client sends, when it has one.
    package var apiKey: String?
    /// The authorization modes, the default first.
    package var modes: [AuthProvider]
    /// The Cognito user pool signed-in users sign in with, when user pools are a mode: the app's `Auth`
    /// category needs it to get the tokens it sends.
    package var userPool: UserPool?

    /// A Cognito user pool as the client's `auth` configuration names it.
    package struct UserPool: Sendable, Equatable {
        /// Its region (`eu-west-1`).
        package var region: String
        /// Its id (`eu-west-1_AbC123`).
        package var id: String
        /// The app client the app signs in with.
        package var clientID: String

        /// A pool.
        package init(region: String, id: String, clientID: String) {
            self.region = region
            self.id = id
            self.clientID = clientID
        }
    }

    /// A configuration for the server at `url`.
    package init(url: String, region: String = ClientConfiguration.defaultRegion, apiKey: String? = nil, modes: [AuthProvider]) {
        self.url = url
        self.region = region
        self.apiKey = apiKey
        self.modes = modes.isEmpty ? [.apiKey] : modes
    }

    /// The region written when none is given: any valid region name works; this one is AppSync's first.
    package static let defaultRegion = "us-east-1"

    /// The outputs schema version written; the clients accept every `1.x`.
    package static let outputsVersion = "1.4"

    /// AppSync's name for a mode.
    static func appSyncName(_ mode: AuthProvider) -> String {
        switch mode {
        case .apiKey: "API_KEY"
        case .userPools: "AMAZON_COGNITO_USER_POOLS"
        case .oidc: "OPENID_CONNECT"
        }
    }

    /// `amplify_outputs.json` for `schema`: the data category (the endpoint, region, key, modes and the model
    /// introspection), then the outputs version, two-space indented.
    package func amplifyOutputs(for schema: Schema) -> String {
        var data: [(String, JSONValue)] = [("url", .string(url)), ("aws_region", .string(region))]
        if let apiKey { data.append(("api_key", .string(apiKey))) }
        data.append(("default_authorization_type", .string(Self.appSyncName(modes[0]))))
        data.append(("authorization_types", .list(modes.dropFirst().map { .string(Self.appSyncName($0)) })))
        data.append(("model_introspection", ModelIntrospection.document(for: schema)))
        var top: [(String, JSONValue)] = []
        if let userPool {
            top.append(
                (
                    "auth",
                    .object([("aws_region", .string(userPool.region)), ("user_pool_id", .string(userPool.id)), ("user_pool_client_id", .string(userPool.clientID))])
                ))
        }
        top += [("data", .object(data)), ("version", .string(Self.outputsVersion))]
        return JSONPrettyText.encode(.object(top)) + "\n"
    }

    /// Gen 1's configuration object: the project region (the clients refuse a configuration without it) and
    /// the API's endpoint, region, default mode and key.
    func gen1Object() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("aws_project_region", .string(region)), ("aws_appsync_graphqlEndpoint", .string(url)), ("aws_appsync_region", .string(region)),
            ("aws_appsync_authenticationType", .string(Self.appSyncName(modes[0]))),
        ]
        if let apiKey { members.append(("aws_appsync_apiKey", .string(apiKey))) }
        if let userPool {
            members += [
                ("aws_cognito_region", .string(userPool.region)), ("aws_user_pools_id", .string(userPool.id)),
                ("aws_user_pools_web_client_id", .string(userPool.clientID)),
            ]
        }
        return .object(members)
    }

    /// `amplifyconfiguration.json` (Gen 1), two-space indented.
    package func amplifyConfigurationJSON() -> String {
        JSONPrettyText.encode(gen1Object()) + "\n"
    }

    /// `aws-exports.js` (Gen 1): the same object as a JavaScript module's default export, four-space indented.
    package func awsExports() -> String {
        """
        /* eslint-disable */
        // Written by modelgraph outputs --format gen1 for \(url). Written again by the same command; edits are lost.

        const awsmobile = \(JSONPrettyText.encode(gen1Object(), indent: 4));


        export default awsmobile;

        """
    }
}
