import ModelIR

/// An expression of a schema file, with the place it starts.
struct Expression: Sendable {
    /// The forms the TypeScript subset has.
    indirect enum Kind: Sendable {
        /// A name: a binding, a parameter, or an import.
        case identifier(String)
        /// A string literal (quoted or a template without substitutions).
        case string(String)
        /// A number literal.
        case number(Double)
        /// `true` or `false`.
        case boolean(Bool)
        /// `null`.
        case null
        /// `undefined`.
        case undefined
        /// `[a, ...b]`.
        case array([Element])
        /// `{ key: value, shorthand, ...spread }`.
        case object([Property])
        /// `callee(arguments)`.
        case call(callee: Expression, arguments: [Expression])
        /// `object.name` (or `object?.name`).
        case member(object: Expression, name: String, nameLocation: SourceLocation)
        /// `(params) => body`.
        case arrow(ArrowFunction)
        /// `-operand`.
        case negation(Expression)
    }

    /// What it is.
    var kind: Kind
    /// Where it starts.
    var location: SourceLocation
}

/// An element of an array literal or of an argument list.
enum Element: Sendable {
    /// A plain value.
    case value(Expression)
    /// `...value`.
    case spread(Expression)
}

/// A property of an object literal.
enum Property: Sendable {
    /// `key: value` (a shorthand `{ key }` is `key: key`).
    case keyed(key: String, keyLocation: SourceLocation, value: Expression)
    /// `[keyExpression]: value`; the key must evaluate to a string or number.
    case computed(key: Expression, value: Expression)
    /// `...value`.
    case spread(Expression)
}

/// An arrow function: its parameter names and body.
struct ArrowFunction: Sendable {
    /// Parameter names, in order.
    var parameters: [String]
    /// The body.
    var body: Body

    /// An expression body, or a block of statements.
    indirect enum Body: Sendable {
        /// `=> expression`.
        case expression(Expression)
        /// `=> { statements }`.
        case block([Statement])
    }
}

/// A statement the evaluator runs: declarations, `export default`, expression statements and `return`.
struct Statement: Sendable {
    /// The statement forms.
    enum Kind: Sendable {
        /// `const name = value` (also `let`, `var`, `export const`).
        case binding(name: String, value: Expression, exported: Bool)
        /// `export default value`.
        case exportDefault(Expression)
        /// A bare expression, such as a call.
        case expression(Expression)
        /// `return value` (in an arrow function's block).
        case returning(Expression?)
        /// `import { names } from 'module'` (also default and namespace imports).
        case imports([ImportedName], module: String)
    }

    /// What it is.
    var kind: Kind
    /// Where it starts.
    var location: SourceLocation
}

/// One name an import brings in: `{ imported as local }`; `default` for a default import, `*` for a namespace.
struct ImportedName: Sendable {
    /// The name the module exports (`default`, `*`, or a declared name).
    var imported: String
    /// The name it gets in this file.
    var local: String
}
