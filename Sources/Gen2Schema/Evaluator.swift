import ModelIR

/// Runs a schema file's statements over the subset of JavaScript the parser accepts, with the `a.*` builders
/// as the only library. The result is the schema `defineData` receives (or, without `defineData`, the one the
/// file declares or exports).
struct Evaluator {
    /// How deep arrow functions may call each other (a function calling itself would never end).
    static let maximumCallDepth = 32

    /// The module names the builders come from; names imported from anywhere else cannot be followed.
    static let libraryModules: Set<String> = ["@aws-amplify/backend", "@aws-amplify/data-schema", "@aws-amplify/data-schema/internals", "@aws-amplify/backend-data"]

    let file: String?
    /// Reads relatively imported modules; nil when only the file itself may be read.
    let modules: ModuleLoader?
    var callDepth = 0
    /// `defineData({ schema, authorizationModes })`, when called.
    var dataDefinition: (schema: Value.Located, modes: AuthorizationModes)?
    /// `export default`, when present.
    var exportedDefault: Value.Located?
    /// What the conversion tells the user besides the SDL, shared with the evaluators of imported modules.
    let notes: NoteBook

    init(file: String?, modules: ModuleLoader? = nil, notes: NoteBook = NoteBook()) {
        self.file = file
        self.modules = modules
        self.notes = notes
    }

    /// The library's names a schema file imports.
    private static let libraryNames = ["a", "defineData", "secret", "configure", "defineFunction"]

    /// The value of the library's name `name`.
    private static func libraryValue(_ name: String) -> Value? {
        switch name {
        case "a": .builtin(.namespace)
        case "defineData": .builtin(.defineData)
        case "secret": .builtin(.secret)
        case "configure": .builtin(.builder("configure"))
        case "defineFunction": .builtin(.defineFunction)
        default: nil
        }
    }

    /// Runs the top-level statements and returns the schema value with the place it is written.
    mutating func run(_ statements: [Statement]) throws(Gen2Error) -> (schema: Value.Located, modes: AuthorizationModes) {
        let declared = try execute(statements).declared
        if let dataDefinition { return dataDefinition }
        if let exportedDefault, exportedDefault.value.isSchema { return (exportedDefault, AuthorizationModes()) }
        let schemas = declared.filter { $0.value.value.isSchema }
        if let named = schemas.last(where: { $0.name == "schema" }) ?? schemas.last { return (named.value, AuthorizationModes()) }
        throw Gen2Error(
            "No schema found: a Gen 2 schema file declares `const schema = a.schema({...})` and passes it to `defineData({ schema })`.",
            at: SourceLocation(file: file, line: 1, column: 1))
    }

    /// Runs a file's top-level statements: every declaration in order, and what the file exports.
    mutating func execute(_ statements: [Statement]) throws(Gen2Error) -> (declared: [(name: String, value: Value.Located)], exports: [String: Value]) {
        let scope = Scope(parent: nil)
        for name in Self.libraryNames { scope.bind(name, Self.libraryValue(name) ?? .undefined) }
        var declared: [(name: String, value: Value.Located)] = []
        var exports: [String: Value] = [:]
        for statement in statements {
            switch statement.kind {
            case .imports(let names, let module):
                bindImports(names, from: module, in: scope, at: statement.location)
            case .binding(let name, let expression, let exported):
                var value = try evaluate(expression, in: scope)
                // `defineFunction()` without a name, an entry or a folder to take one from: the binding names it.
                if case .lambdaFunction(var function) = value, function.name == nil {
                    function.name = name
                    value = .lambdaFunction(function)
                }
                scope.bind(name, value)
                declared.append((name, Value.Located(value: value, location: expression.location)))
                if exported { exports[name] = value }
            case .exportDefault(let expression):
                let value = Value.Located(value: try evaluate(expression, in: scope), location: expression.location)
                exportedDefault = value
                exports["default"] = value.value
            case .expression(let expression):
                _ = try evaluate(expression, in: scope)
            case .returning:
                throw Gen2Error("'return' outside a function.", at: statement.location)
            }
        }
        return (declared, exports)
    }

    /// Binds what an import brings in: the library's own names, names of a relatively imported module (read
    /// when first used, `resolve(_:usedAt:)`), or (for any other module) names that fail where they are used.
    private func bindImports(_ names: [ImportedName], from module: String, in scope: Scope, at location: SourceLocation) {
        if module.hasPrefix("."), modules != nil {
            for name in names {
                let deferred = Value.DeferredImport(local: name.local, imported: name.imported, module: module, importer: file, location: location)
                scope.bind(name.local, .builtin(.deferredImport(deferred)))
            }
            return
        }
        for name in names {
            if Self.libraryModules.contains(module), let value = Self.libraryValue(name.imported) {
                scope.bind(name.local, value)
            } else {
                scope.bind(name.local, .builtin(.imported(name: name.local, module: module)))
            }
        }
    }

    /// The value of a relatively imported name, reading its module (once for the whole schema) now that the
    /// name is used at `use`. A module that cannot be read, or lacks the name, is an error here, at the use;
    /// but where a function is expected (`standIn`: a handler's or `allow.resource`'s argument) a module that
    /// cannot be read or run leaves the name itself to stand for the function (a function's resource file is
    /// often beyond what this reader runs, or not beside the schema).
    private func resolve(_ deferred: Value.DeferredImport, usedAt use: SourceLocation, standIn: Bool = false) throws(Gen2Error) -> Value {
        guard let modules else { return .builtin(.imported(name: deferred.local, module: deferred.module)) }
        if standIn {
            do throws(Gen2Error) {
                guard try modules.load(deferred.module, from: deferred.importer, at: deferred.location) != nil else {
                    return .builtin(.imported(name: deferred.local, module: deferred.module))
                }
            } catch {
                return .builtin(.imported(name: deferred.local, module: deferred.module))
            }
        }
        guard let (path, exports) = try modules.load(deferred.module, from: deferred.importer, at: deferred.location).map({ ($0.path, $0.exports) }) else {
            throw Gen2Error(
                "'\(deferred.local)' comes from the module '\(deferred.module)' (imported at line \(deferred.location.line)), which cannot be read (looked for it beside this file, with .ts and .js).",
                at: use)
        }
        if deferred.imported == "*" {
            return .object(exports.sorted { $0.key < $1.key }.map { Value.Member(key: $0.key, location: deferred.location, value: $0.value) })
        }
        guard let value = exports[deferred.imported] else {
            throw Gen2Error("'\(deferred.imported)' is not exported by '\(deferred.module)' (\(path)).", at: use)
        }
        return value
    }

    /// Evaluates one expression.
    mutating func evaluate(_ expression: Expression, in scope: Scope) throws(Gen2Error) -> Value {
        switch expression.kind {
        case .identifier(let name):
            guard let value = scope.lookup(name) else {
                throw Gen2Error("'\(name)' is not defined in this file.", at: expression.location)
            }
            if case .builtin(.deferredImport(let deferred)) = value { return try resolve(deferred, usedAt: expression.location) }
            return value
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .boolean(let flag): return .boolean(flag)
        case .null: return .null
        case .undefined: return .undefined
        case .negation(let operand):
            guard case .number(let number) = try evaluate(operand, in: scope) else {
                throw Gen2Error("Only numbers can be negated.", at: expression.location)
            }
            return .number(-number)
        case .array(let elements):
            var values: [Value.Located] = []
            for element in elements {
                switch element {
                case .value(let item):
                    values.append(Value.Located(value: try evaluate(item, in: scope), location: item.location))
                case .spread(let item):
                    let spread = try evaluate(item, in: scope)
                    try refuseImported(spread, at: item.location)
                    guard case .array(let items) = spread else {
                        throw Gen2Error("Only an array can be spread into an array.", at: item.location)
                    }
                    values += items
                }
            }
            return .array(values)
        case .object(let properties):
            var members: [Value.Member] = []
            // Where each key is in `members`: a repeated key keeps its first position and its last value, as in
            // JavaScript, without a search per key.
            var positions: [String: Int] = [:]
            func add(_ member: Value.Member) {
                if let index = positions[member.key] {
                    members[index].value = member.value
                } else {
                    positions[member.key] = members.count
                    members.append(member)
                }
            }
            for property in properties {
                switch property {
                case .keyed(let key, let keyLocation, let item):
                    add(Value.Member(key: key, location: keyLocation, value: try evaluate(item, in: scope)))
                case .computed(let keyExpression, let item):
                    let key: String
                    switch try evaluate(keyExpression, in: scope) {
                    case .string(let text): key = text
                    case .number(let number): key = JavaScriptNumber.text(number)
                    default: throw Gen2Error("A computed key must be a string or a number.", at: keyExpression.location)
                    }
                    add(Value.Member(key: key, location: keyExpression.location, value: try evaluate(item, in: scope)))
                case .spread(let item):
                    let value = try evaluate(item, in: scope)
                    try refuseImported(value, at: item.location)
                    guard case .object(let spread) = value else {
                        throw Gen2Error("Only an object can be spread into an object.", at: item.location)
                    }
                    for member in spread { add(member) }
                }
            }
            // JavaScript lists integer-like keys first, in ascending order, then the others in insertion order.
            let indices = members.filter { Self.arrayIndex($0.key) != nil }.sorted { Self.arrayIndex($0.key)! < Self.arrayIndex($1.key)! }
            return .object(indices.isEmpty ? members : indices + members.filter { Self.arrayIndex($0.key) == nil })
        case .arrow(let function):
            return .function(Closure(function: function, scope: scope, location: expression.location))
        case .member(let object, let name, let nameLocation):
            return try member(of: try evaluate(object, in: scope), name: name, at: nameLocation)
        case .call(let callee, let arguments):
            let function = try evaluate(callee, in: scope)
            var values: [Value.Located] = []
            for argument in arguments {
                if function.takesFunctionResource, case .identifier(let name) = argument.kind, case .builtin(.deferredImport(let deferred))? = scope.lookup(name) {
                    values.append(Value.Located(value: try resolve(deferred, usedAt: argument.location, standIn: true), location: argument.location))
                    continue
                }
                values.append(Value.Located(value: try evaluate(argument, in: scope), location: argument.location))
            }
            return try call(function, values, at: expression.location)
        }
    }

    /// The value of a key that is a canonical array index (`0`, `42`, not `042` or `-1`), which JavaScript
    /// orders before other keys.
    static func arrayIndex(_ key: String) -> UInt32? {
        guard let value = UInt32(key), value < UInt32.max, String(value) == key else { return nil }
        return value
    }

    /// Fails, naming the module, when `value` is a name imported from a module this reader cannot follow.
    func refuseImported(_ value: Value, at location: SourceLocation) throws(Gen2Error) {
        if case .builtin(.imported(let name, let module)) = value {
            throw Gen2Error("'\(name)' is imported from '\(module)'; ModelGraph reads the data schema only and cannot follow it.", at: location)
        }
    }

    /// `value.name`.
    mutating func member(of value: Value, name: String, at location: SourceLocation) throws(Gen2Error) -> Value {
        switch value {
        case .builtin(.namespace): return try builder(named: name, at: location)
        case .builtin(.allow): return .builtin(.allowRule(name))
        case .builtin(.operationAllow): return .builtin(.operationAllowRule(name))
        case .builtin(.handlers): return try handlerBuilder(named: name, at: location)
        case .builtin(.models(let box)):
            guard let index = box.index(of: name), case .model = box.types[index].definition else {
                throw Gen2Error("models.\(name): the schema has no model named '\(name)'.", at: location)
            }
            return .modelHandle(box, name)
        case .modelHandle(let box, let model) where name == "fields":
            return .fieldsHandle(box, model)
        case .fieldsHandle(let box, let model):
            guard let index = box.index(of: model), case .model(let definition) = box.types[index].definition,
                definition.fields.contains(where: { $0.name == name })
            else { throw Gen2Error("models.\(model).fields.\(name): the model has no field named '\(name)'.", at: location) }
            return .fieldHandle(box, model, name)
        case .builtin(.imported(let imported, let module)):
            throw Gen2Error("'\(imported)' is imported from '\(module)'; ModelGraph reads the data schema only and cannot follow it.", at: location)
        case .object(let members):
            return members.first { $0.key == name }?.value ?? .undefined
        case .undefined, .null:
            throw Gen2Error("Cannot read '\(name)' of \(value.description).", at: location)
        default:
            return .method(receiver: value, name: name)
        }
    }

    /// Calls a function value.
    mutating func call(_ function: Value, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        switch function {
        case .function(let closure): return try invoke(closure, arguments.map(\.value), at: location)
        case .builtin(let builtin): return try callBuiltin(builtin, arguments, at: location)
        case .method(let receiver, let name): return try callMethod(name, on: receiver, arguments, at: location)
        default: throw Gen2Error("\(function.description.capitalizedFirst) is not a function.", at: location)
        }
    }

    /// Runs an arrow function.
    mutating func invoke(_ closure: Closure, _ arguments: [Value], at location: SourceLocation) throws(Gen2Error) -> Value {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > Self.maximumCallDepth {
            throw Gen2Error("Functions call each other more than \(Self.maximumCallDepth) deep here; a schema never needs that.", at: location)
        }
        let scope = Scope(parent: closure.scope)
        for (index, name) in closure.function.parameters.enumerated() {
            scope.bind(name, index < arguments.count ? arguments[index] : .undefined)
        }
        switch closure.function.body {
        case .expression(let body):
            return try evaluate(body, in: scope)
        case .block(let statements):
            for statement in statements {
                switch statement.kind {
                case .binding(let name, let expression, _): scope.bind(name, try evaluate(expression, in: scope))
                case .expression(let expression): _ = try evaluate(expression, in: scope)
                case .returning(let expression):
                    guard let expression else { return .undefined }
                    return try evaluate(expression, in: scope)
                case .exportDefault, .imports: throw Gen2Error("'import' and 'export' belong at the top of the file.", at: statement.location)
                }
            }
            return .undefined
        }
    }
}

extension Value {
    /// Whether this function's arguments may be functions imported from modules this reader cannot read
    /// (`a.handler.function(fn)`, `allow.resource(fn)`).
    var takesFunctionResource: Bool {
        switch self {
        case .builtin(.handlerBuilder("function")), .builtin(.allowRule("resource")): true
        default: false
        }
    }

    /// Whether this is a schema `defineData` accepts.
    var isSchema: Bool {
        switch self {
        case .schema, .combined: true
        default: false
        }
    }
}

extension String {
    /// The text with its first letter in upper case (`team` → `Team`), as the library's `capitalize`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
