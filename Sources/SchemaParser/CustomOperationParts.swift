import GraphQL
import ModelIR

extension SchemaLowering {
    /// Lowers the schema's `input` types (the arguments of custom operations).
    mutating func lowerInputTypes() -> [InputType] {
        inputDefinitions.map { definition in
            for directive in definition.directives {
                error("@\(directive.name.value) is not supported on input type '\(definition.name.value)'.", at: directive.loc)
            }
            let fields = definition.fields.compactMap { field -> CustomArgument? in
                guard let type = argumentType(field.type, owner: "field '\(field.name.value)' of input \(definition.name.value)") else { return nil }
                return CustomArgument(name: field.name.value, type: type, defaultValue: field.defaultValue.map { print(ast: $0) })
            }
            return InputType(name: definition.name.value, fields: fields, location: location(definition.name.loc))
        }
    }

    /// The type of an argument or input field: a scalar, an enum or an input type (as `.object(name)`), or a
    /// list of one.
    mutating func argumentType(_ type: any GraphQL.`Type`, owner: String) -> FieldType? {
        let name = Self.namedType(type)
        if modelNames.contains(name) || objectTypeNames.contains(name) {
            error("The \(owner) is of object type '\(name)'; arguments take scalars, enums and input types (declare an 'input \(name)Input').", at: type.loc)
            return nil
        }
        guard inputTypeNames.contains(name) else { return fieldType(type) }
        var required = false
        var node: any GraphQL.`Type` = type
        if let nonNull = node as? NonNullType {
            required = true
            node = nonNull.type
        }
        guard let list = node as? ListType else { return FieldType(.object(name), isRequired: required) }
        if list.type is ListType || (list.type as? NonNullType)?.type is ListType {
            error("Lists of lists are not supported.", at: list.loc)
            return nil
        }
        return FieldType(.object(name), isList: true, isRequired: required, isElementRequired: list.type is NonNullType)
    }

    /// `@sql(statement:)` or `@sql(reference:)`: one statement whose `:name` placeholders are arguments.
    mutating func readSQL(_ directive: Directive, owner: String, kind: CustomOperation.Kind, arguments: [CustomArgument]) -> SQLHandler? {
        let place = "Check type \"\(kind.rawValue)\" and field \"\(owner.split(separator: ".").last.map(String.init) ?? owner)\"."
        let statement = directive.argument("statement")
        let reference = directive.argument("reference")
        if statement != nil, reference != nil {
            error("@sql directive can have either a 'statement' or a 'reference' argument but not both. \(place)", at: directive.loc)
            return nil
        }
        var text: String
        var referenceName: String?
        if let statement {
            guard let value = statement.stringValue else {
                error("@sql 'statement' is a string. \(place)", at: directive.location(of: "statement", file: file))
                return nil
            }
            text = value
        } else if let reference {
            guard let name = reference.stringValue, !name.isEmpty else {
                error("@sql 'reference' names a file of SQL. \(place)", at: directive.location(of: "reference", file: file))
                return nil
            }
            guard let read = readReference?(name) else {
                error(
                    "@sql(reference: \"\(name)\") on \(owner): no file '\(name)' (nor '\(name).sql', nor 'sql-statements/\(name).sql') beside the schema file.",
                    at: directive.location(of: "reference", file: file))
                return nil
            }
            text = read
            referenceName = name
        } else {
            error("@sql directive must have either a 'statement' or a 'reference' argument. \(place)", at: directive.loc)
            return nil
        }
        if text.allSatisfy(\.isWhitespace) {
            error("@sql directive 'statement' argument must not be empty. \(place)", at: directive.loc)
            return nil
        }
        let scanned: SQLPlaceholders
        do {
            scanned = try SQLPlaceholders.scan(text)
        } catch {
            let reason: String
            switch error {
            case .unterminated(let what): reason = "\(what) is not closed"
            case .severalStatements: reason = "it holds more than one statement; a handler runs exactly one"
            case .positionalParameter: reason = "it uses $n parameters; name the arguments instead (:name), which ModelGraph binds"
            case .empty: reason = "it holds no statement"
            }
            self.error("The SQL of \(owner) cannot be used: \(reason).", at: directive.loc)
            return nil
        }
        let known = Set(arguments.map(\.name))
        let unknown = scanned.names.filter { !known.contains($0) }
        if !unknown.isEmpty {
            error(
                "The SQL of \(owner) uses \(unknown.map { ":" + $0 }.joined(separator: ", ")), which \(unknown.count == 1 ? "is not an argument" : "are not arguments") of the field; placeholders name arguments.",
                at: directive.loc)
            return nil
        }
        return SQLHandler(statement: scanned, reference: referenceName)
    }

    /// `@http(method:, url:, headers:)`.
    mutating func readHTTP(_ directive: Directive, owner: String) -> HTTPHandler? {
        var method = "GET"
        if let given = directive.argument("method") {
            guard case .enumValue(let name) = given, ["GET", "POST", "PUT", "DELETE", "PATCH"].contains(name) else {
                error("@http 'method' is one of GET, POST, PUT, DELETE, PATCH.", at: directive.location(of: "method", file: file))
                return nil
            }
            method = name
        }
        guard let url = directive.argument("url")?.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://") else {
            error("@http directive on \(owner) requires a url parameter that begins with http:// or https://.", at: directive.loc)
            return nil
        }
        var headers: [HTTPHeaderPair] = []
        if case .list(let items)? = directive.argument("headers") {
            for item in items {
                guard let key = item["key"]?.stringValue, let value = item["value"]?.stringValue else {
                    error("@http 'headers' are { key: \"…\", value: \"…\" } pairs.", at: directive.location(of: "headers", file: file))
                    return nil
                }
                headers.append(HTTPHeaderPair(key: key, value: value))
            }
        }
        return HTTPHandler(method: method, url: url, headers: headers)
    }
}
