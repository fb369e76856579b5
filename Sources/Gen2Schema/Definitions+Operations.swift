import ModelIR

// What `a.query()`, `a.mutation()`, `a.subscription()`, `a.handler.*` and `defineFunction` describe, each part
// with the place in the file it comes from.

/// A custom operation: `a.query()`, `a.mutation()` or `a.subscription()` with its modifiers.
struct CustomOperationDefinition: Sendable {
    /// The root type the operation is a field of.
    enum Kind: String, Sendable {
        case query = "Query"
        case mutation = "Mutation"
        case subscription = "Subscription"

        /// The builder that makes it (`a.query()`).
        var builder: String { "a.\(rawValue.lowercased())()" }
    }

    /// What `.returns(...)` (or an async last handler) makes the operation return.
    enum Returned: Sendable {
        /// `.returns(a.string())`, `.returns(a.ref('Post'))`, an inline `a.enum` or `a.customType`.
        case field(FieldBuilder)
        /// The last handler is `.async()`: AppSync answers `EventInvocationResponse` at once.
        case eventInvocationResponse
    }

    /// Query, Mutation or Subscription.
    var kind: Kind
    /// `.arguments({...})`, in order.
    var arguments: [FieldEntry] = []
    /// What it returns; nil when `.returns` is not called.
    var returned: Returned?
    /// Where `.returns` (or the `.handler` that set an async return) is called.
    var returnsLocation: SourceLocation?
    /// `.handler(...)`, in pipeline order.
    var handlers: [HandlerDefinition] = []
    /// The operation's own rules (`.authorization(...)`); empty takes the schema's.
    var rules: [AuthRule] = []
    /// `.for(...)` on a subscription: the mutations it receives.
    var sources: [RefField] = []
    /// Where `.for` is called.
    var sourcesLocation: SourceLocation?
    /// Where the builder is called.
    var location: SourceLocation
}

/// One handler of a custom operation: `a.handler.function(...)`, `.inlineSql(...)` or `.sqlReference(...)`.
struct HandlerDefinition: Sendable {
    /// The handler kinds ModelGraph serves.
    enum Kind: Sendable, Equatable {
        /// A Lambda function, by the name `serve --function NAME=URL` maps; `async` is `.async()`.
        case function(name: String, async: Bool)
        /// `a.handler.inlineSql('SELECT ...')`.
        case inlineSQL(String)
        /// `a.handler.sqlReference('./file')`.
        case sqlReference(String)

        /// The kind's name in Amplify's messages (`functionHandler`, `inlineSql`, `sqlReference`).
        var brand: String {
            switch self {
            case .function: "functionHandler"
            case .inlineSQL: "inlineSql"
            case .sqlReference: "sqlReference"
            }
        }
    }

    /// What it is.
    var kind: Kind
    /// Where `a.handler.*` is called.
    var location: SourceLocation
}

/// `defineFunction({ name, entry, ... })`: only its name matters to the schema.
struct LambdaFunction: Sendable {
    /// `name`, else the file name of `entry`, else the name of the folder of the file calling `defineFunction`
    /// (Amplify's defaults); nil when none is known, and then the name it is bound to stands for it.
    var name: String?
    /// Where `defineFunction` is called.
    var location: SourceLocation
}
