import ModelIR

/// A run-time value of the evaluator: JavaScript's literals, arrow functions, and what the `a.*` builders return.
indirect enum Value {
    case undefined
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([Located])
    case object([Member])
    case function(Closure)
    /// A function or namespace of the library (`a`, `a.model`, `allow`, `defineData`, ...).
    case builtin(Builtin)
    /// A method of a builder value, not yet called.
    case method(receiver: Value, name: String)
    case field(FieldBuilder)
    case model(ModelDefinition)
    case index(SecondaryIndex)
    case rule(AuthRule)
    case schema(SchemaBox)
    case combined([SchemaBox])
    case configuration(DatabaseConfiguration)
    case secret(String)
    /// `a.query()`, `a.mutation()`, `a.subscription()`.
    case operation(CustomOperationDefinition)
    /// `a.handler.function(...)`, `.inlineSql(...)`, `.sqlReference(...)`.
    case handler(HandlerDefinition)
    /// What `defineFunction(...)` returns.
    case lambdaFunction(LambdaFunction)
    /// `models.Post` inside `setRelationships` / `setAuthorization`.
    case modelHandle(SchemaBox, String)
    /// `models.Post.fields`, and `models.Post.fields.title` (model, field), inside `setAuthorization`.
    case fieldsHandle(SchemaBox, String)
    case fieldHandle(SchemaBox, String, String)
    /// What `defineData(...)` returns.
    case data

    /// A value with the place its expression starts.
    struct Located {
        var value: Value
        var location: SourceLocation
    }

    /// A property of an object value.
    struct Member {
        var key: String
        var location: SourceLocation
        var value: Value
    }

    /// The library's functions and namespaces.
    enum Builtin {
        /// `a`.
        case namespace
        /// `a.<name>` (and the imported `configure`).
        case builder(String)
        /// `allow`, the argument of authorization callbacks.
        case allow
        /// `allow.<name>`.
        case allowRule(String)
        /// `allow` of a custom operation's `.authorization` callback.
        case operationAllow
        /// `allow.<name>` of a custom operation.
        case operationAllowRule(String)
        /// `a.handler`.
        case handlers
        /// `a.handler.<name>`.
        case handlerBuilder(String)
        /// `defineFunction`.
        case defineFunction
        /// `index`, the argument of `secondaryIndexes` callbacks.
        case index
        /// `models`, the argument of `setRelationships` / `setAuthorization` callbacks.
        case models(SchemaBox)
        /// `defineData`.
        case defineData
        /// `secret`.
        case secret
        /// A name imported from another module, which this reader cannot follow.
        case imported(name: String, module: String)
        /// A name imported from a module by a relative path, read only when the name is first used: a schema
        /// file may import what it never uses from modules this reader cannot read (function resources).
        case deferredImport(DeferredImport)
    }

    /// Where a relatively imported name comes from, kept until the name is used.
    struct DeferredImport {
        /// The name in the importing file.
        var local: String
        /// The exported name (`*` for the whole module).
        var imported: String
        /// The module as written (`../functions/x/resource`).
        var module: String
        /// The importing file.
        var importer: String?
        /// The import statement.
        var location: SourceLocation
    }

    /// What a value is, in words for errors.
    var description: String {
        switch self {
        case .undefined: "undefined"
        case .null: "null"
        case .boolean(let value): "\(value)"
        case .number(let value): JavaScriptNumber.text(value)
        case .string(let text): "the string '\(text)'"
        case .array: "an array"
        case .object: "an object"
        case .function: "a function"
        case .builtin(.imported(let name, let module)): "'\(name)' (imported from '\(module)')"
        case .builtin(.deferredImport(let deferred)): "'\(deferred.local)' (imported from '\(deferred.module)')"
        case .builtin: "a library function"
        case .method(_, let name): "the method '\(name)'"
        case .field(.scalar(let field)): "a field of type \(field.type)"
        case .field(.ref): "an a.ref() field"
        case .field(.enumType): "an a.enum()"
        case .field(.customType): "an a.customType()"
        case .field(.relationship(let relationship)): "an a.\(relationship.kind.rawValue)() field"
        case .model: "an a.model()"
        case .index: "a secondary index"
        case .rule: "an authorization rule"
        case .schema: "a schema"
        case .combined: "a combined schema"
        case .configuration: "an a.configure() result"
        case .secret: "a secret"
        case .operation(let operation): "a custom \(operation.kind.rawValue.lowercased()) (\(operation.kind.builder))"
        case .handler: "a handler (a.handler.*)"
        case .lambdaFunction: "a defineFunction() result"
        case .modelHandle(_, let name): "models.\(name)"
        case .fieldsHandle(_, let model): "models.\(model).fields"
        case .fieldHandle(_, let model, let field): "models.\(model).fields.\(field)"
        case .data: "a defineData() result"
        }
    }
}

/// An arrow function with the scope it was written in.
struct Closure {
    /// Its parameters and body.
    var function: ArrowFunction
    /// The names it sees.
    var scope: Scope
    /// Where it is written.
    var location: SourceLocation
}

/// Names in scope: the file's declarations, or an arrow function's parameters and local constants.
final class Scope {
    private var names: [String: Value] = [:]
    private let parent: Scope?

    init(parent: Scope?) { self.parent = parent }

    /// The value bound to `name` here or in an enclosing scope.
    func lookup(_ name: String) -> Value? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.names[name] { return value }
            scope = current.parent
        }
        return nil
    }

    /// Whether `name` is declared in this scope itself.
    func declares(_ name: String) -> Bool { names[name] != nil }

    /// Binds `name`.
    func bind(_ name: String, _ value: Value) { names[name] = value }
}

/// JavaScript's `Number.prototype.toString()` for the numbers schema files use.
enum JavaScriptNumber {
    /// `1` for 1.0, `1.5`, `-0.25`, `1e+21` and so on.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e21 { return String(Int64(value)) }
        var text = "\(value)"
        // Swift writes `1e-07` where JavaScript writes `1e-7`.
        if let exponent = text.firstIndex(of: "e") {
            var digits = String(text[text.index(after: exponent)...])
            let sign = digits.hasPrefix("-") ? "-" : "+"
            digits = String(digits.drop { $0 == "-" || $0 == "+" || $0 == "0" })
            text = String(text[..<exponent]) + "e" + sign + digits
        }
        return text
    }
}
