/// A field of `Query`, `Mutation` or `Subscription` that the schema declares itself (a custom operation), and
/// what answers it: a SQL statement, a pipeline of functions, an HTTP endpoint, or (for a subscription) the
/// mutations whose answers it receives.
package struct CustomOperation: Equatable, Sendable, Codable {
    /// The root type the field belongs to.
    package enum Kind: String, Equatable, Sendable, Codable, CaseIterable {
        case query = "Query"
        case mutation = "Mutation"
        case subscription = "Subscription"
    }

    /// Its root type.
    package var kind: Kind
    /// The field's name.
    package var name: String
    /// Its arguments, in declaration order.
    package var arguments: [CustomArgument]
    /// What it returns: a scalar, enum, non-model type or model, or a list of one.
    package var returnType: FieldType
    /// What answers it.
    package var handler: CustomHandler
    /// Who may call it: `@auth` rules (public, private, static groups) and AppSync's `@aws_*` directives, as
    /// rules; empty means the default authorization mode only.
    package var rules: [AuthRule]
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates an operation.
    package init(
        kind: Kind, name: String, arguments: [CustomArgument], returnType: FieldType, handler: CustomHandler, rules: [AuthRule] = [],
        location: SourceLocation? = nil
    ) {
        self.kind = kind
        self.name = name
        self.arguments = arguments
        self.returnType = returnType
        self.handler = handler
        self.rules = rules
        self.location = location
    }
}

/// An argument of a custom operation or a field of an input type. A type whose base is `.object(name)` names
/// an input type of the schema (`Schema.inputTypes`): in an argument, only input types can be objects.
package struct CustomArgument: Equatable, Sendable, Codable {
    /// The argument's name.
    package var name: String
    /// Its type.
    package var type: FieldType
    /// Its default value as written in the schema (GraphQL literal syntax), when it has one.
    package var defaultValue: String?

    /// Creates an argument.
    package init(name: String, type: FieldType, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// An `input` type the schema declares for custom operations' arguments.
package struct InputType: Equatable, Sendable, Codable {
    /// The type's name.
    package var name: String
    /// Its fields, in declaration order.
    package var fields: [CustomArgument]
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates an input type.
    package init(name: String, fields: [CustomArgument], location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.location = location
    }
}

/// What answers a custom operation.
package enum CustomHandler: Equatable, Sendable, Codable {
    /// `@sql(statement:)` or `@sql(reference:)`: one statement, its placeholders bound to the arguments.
    case sql(SQLHandler)
    /// One or more `@function(name:)`: called in order, each receiving the previous one's result.
    case functions([FunctionStep])
    /// `@http(method:, url:, headers:)`.
    case http(HTTPHandler)
    /// `@aws_subscribe(mutations:)`: subscribers receive these mutations' answers.
    case subscribe(SubscriptionSource)

}

/// A statement answering a custom operation.
package struct SQLHandler: Equatable, Sendable, Codable {
    /// The statement with `$n` parameters.
    package var statement: SQLPlaceholders
    /// The file it was read from, for `@sql(reference:)`.
    package var reference: String?

    /// Creates a handler.
    package init(statement: SQLPlaceholders, reference: String? = nil) {
        self.statement = statement
        self.reference = reference
    }
}

/// What a custom subscription receives.
package struct SubscriptionSource: Equatable, Sendable, Codable {
    /// The mutations whose answers subscribers receive.
    package var mutations: [String]
    /// Functions called when a client subscribes (Gen 2 gives every subscription one); an error from one
    /// refuses the subscription.
    package var functions: [FunctionStep]

    /// Creates a source.
    package init(mutations: [String], functions: [FunctionStep] = []) {
        self.mutations = mutations
        self.functions = functions
    }
}

/// One function of a custom operation's pipeline.
package struct FunctionStep: Equatable, Sendable, Codable {
    /// The function's name as the schema writes it (`${env}` kept: the operator's map names it).
    package var name: String
    /// True for `invocationType: Event`: sent without waiting for its answer.
    package var isAsync: Bool

    /// Creates a step.
    package init(name: String, isAsync: Bool = false) {
        self.name = name
        self.isAsync = isAsync
    }
}
