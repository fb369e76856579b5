import ModelIR

extension Parser {
    /// An expression: an arrow function, or a primary with its chain of member accesses and calls, followed by
    /// any `as Type` / `satisfies Type`. Operators other than unary minus are refused, located.
    mutating func expression() throws(Gen2Error) -> Expression {
        try enter()
        defer { depth -= 1 }
        if let arrow = try arrowFunction() { return arrow }
        let value = try chain()
        while current.isIdentifier("as") || current.isIdentifier("satisfies") {
            advance()
            skipType(inDeclaration: false)
        }
        if current.kind == .punctuator, Self.binaryOperators.contains(current.text) {
            throw Gen2Error(
                "The operator '\(current.text)' is not supported in a schema file; ModelGraph reads literal values and a.* builder calls only.",
                at: current.location)
        }
        if current.isPunctuator("=") {
            throw Gen2Error("Assignments are not supported in a schema file; declare each value once with 'const'.", at: current.location)
        }
        return value
    }

    private static let binaryOperators: Set<String> = [
        "+", "-", "*", "/", "%", "**", "==", "===", "!=", "!==", "<", ">", "<=", ">=", "&&", "||", "??", "?", "&", "|", "^", "<<", ">>", "+=", "-=", "*=", "/=",
        "++", "--",
    ]

    /// A primary followed by `.name`, `?.name`, `(arguments)`, `['name']` and `!`; every link counts towards
    /// the nesting bound, as evaluating a chain recurses once per link.
    private mutating func chain() throws(Gen2Error) -> Expression {
        var value = try primary()
        var links = 0
        defer { depth -= links }
        while true {
            if current.isPunctuator(".") || current.isPunctuator("?.") {
                advance()
                if current.isPunctuator("(") { continue }
                guard current.kind == .identifier else { throw unexpected("expected a property name after '.'") }
                let name = advance()
                links += 1
                try enter()
                value = Expression(kind: .member(object: value, name: name.text, nameLocation: name.location), location: value.location)
            } else if current.isPunctuator("(") {
                let location: SourceLocation
                if case .member(_, _, let nameLocation) = value.kind { location = nameLocation } else { location = value.location }
                advance()
                links += 1
                try enter()
                var arguments: [Expression] = []
                while !current.isPunctuator(")") {
                    if current.isPunctuator("...") { throw Gen2Error("Spread arguments ('...') are not supported in a schema file.", at: current.location) }
                    arguments.append(try expression())
                    if current.isPunctuator(",") { advance() } else if !current.isPunctuator(")") { throw unexpected("expected ',' or ')' in the arguments") }
                }
                advance()
                value = Expression(kind: .call(callee: value, arguments: arguments), location: location)
            } else if current.isPunctuator("["), !current.followsLineBreak {
                advance()
                guard current.kind == .string, peek(1).isPunctuator("]") else {
                    throw Gen2Error("Only a quoted name may appear in '[...]' after a value in a schema file.", at: current.location)
                }
                let name = advance()
                advance()
                links += 1
                try enter()
                value = Expression(kind: .member(object: value, name: name.text, nameLocation: name.location), location: value.location)
            } else if current.isPunctuator("!"), !current.followsLineBreak {
                // A non-null assertion changes nothing at run time.
                advance()
            } else {
                return value
            }
        }
    }

    private mutating func primary() throws(Gen2Error) -> Expression {
        let token = current
        if token.kind == .end || (token.kind == .punctuator && !["[", "{", "(", "-", "+"].contains(token.text)) {
            throw unexpected("expected a value")
        }
        switch token.kind {
        case .end:
            throw unexpected("expected a value")
        case .string:
            advance()
            return Expression(kind: .string(token.text), location: token.location)
        case .number:
            advance()
            guard let number = Self.number(token.text) else { throw Gen2Error("'\(token.text)' is not a number.", at: token.location) }
            return Expression(kind: .number(number), location: token.location)
        case .identifier:
            advance()
            switch token.text {
            case "true": return Expression(kind: .boolean(true), location: token.location)
            case "false": return Expression(kind: .boolean(false), location: token.location)
            case "null": return Expression(kind: .null, location: token.location)
            case "undefined": return Expression(kind: .undefined, location: token.location)
            case "new", "function", "class", "await", "async", "typeof", "void", "delete", "yield", "this", "super", "import":
                throw Gen2Error("'\(token.text)' is not supported in a schema file; ModelGraph reads literal values and a.* builder calls only.", at: token.location)
            default: return Expression(kind: .identifier(token.text), location: token.location)
            }
        case .punctuator:
            switch token.text {
            case "[": return try arrayLiteral()
            case "{": return try objectLiteral()
            case "(":
                advance()
                let inner = try expression()
                try expect(")", "to close the parenthesis")
                return inner
            default:
                advance()
                try enter()
                defer { depth -= 1 }
                let operand = try chain()
                return token.text == "+" ? operand : Expression(kind: .negation(operand), location: token.location)
            }
        }
    }

    private mutating func arrayLiteral() throws(Gen2Error) -> Expression {
        let open = advance()
        var elements: [Element] = []
        while !current.isPunctuator("]") {
            if current.isPunctuator(",") { throw Gen2Error("Holes in arrays ('[a, , b]') are not supported in a schema file.", at: current.location) }
            if current.isPunctuator("...") {
                advance()
                elements.append(.spread(try expression()))
            } else {
                elements.append(.value(try expression()))
            }
            if current.isPunctuator(",") { advance() } else if !current.isPunctuator("]") { throw unexpected("expected ',' or ']' in the array") }
        }
        advance()
        return Expression(kind: .array(elements), location: open.location)
    }

    private mutating func objectLiteral() throws(Gen2Error) -> Expression {
        let open = advance()
        var properties: [Property] = []
        while !current.isPunctuator("}") {
            if current.isPunctuator("...") {
                advance()
                properties.append(.spread(try expression()))
            } else {
                let keyToken = current
                let key: String
                switch keyToken.kind {
                case .identifier, .string:
                    key = keyToken.text
                    advance()
                case .number:
                    key = Self.number(keyToken.text).map(Self.propertyName) ?? keyToken.text
                    advance()
                case .punctuator where keyToken.text == "[":
                    advance()
                    let keyExpression = try expression()
                    try expect("]", "to close the computed key")
                    try expect(":", "after the computed key")
                    properties.append(.computed(key: keyExpression, value: try expression()))
                    if current.isPunctuator(",") { advance() } else if !current.isPunctuator("}") { throw unexpected("expected ',' or '}' in the object") }
                    continue
                default:
                    throw unexpected("expected a property name")
                }
                let name = key
                if current.isPunctuator(":") {
                    advance()
                    properties.append(.keyed(key: name, keyLocation: keyToken.location, value: try expression()))
                } else if keyToken.kind == .identifier && (current.isPunctuator(",") || current.isPunctuator("}")) {
                    properties.append(.keyed(key: name, keyLocation: keyToken.location, value: Expression(kind: .identifier(name), location: keyToken.location)))
                } else if current.isPunctuator("(") {
                    throw Gen2Error("Methods in object literals are not supported in a schema file.", at: keyToken.location)
                } else {
                    throw unexpected("expected ':' after the property name '\(name)'")
                }
            }
            if current.isPunctuator(",") { advance() } else if !current.isPunctuator("}") { throw unexpected("expected ',' or '}' in the object") }
        }
        advance()
        return Expression(kind: .object(properties), location: open.location)
    }

    /// `name => body`, `(a, b: Type) => body`, or nil when the current token does not start an arrow function.
    private mutating func arrowFunction() throws(Gen2Error) -> Expression? {
        let start = current
        var parameters: [String] = []
        if start.kind == .identifier, peek(1).isPunctuator("=>") {
            parameters = [start.text]
            advance()
        } else if start.isPunctuator("("), isArrowParameterList() {
            advance()
            while !current.isPunctuator(")") {
                guard current.kind == .identifier else {
                    throw Gen2Error("Only plain parameter names are supported in a schema file's arrow functions.", at: current.location)
                }
                parameters.append(advance().text)
                if current.isPunctuator("?") { advance() }
                if current.isPunctuator(":") {
                    advance()
                    skipType(inDeclaration: false)
                }
                if current.isPunctuator("=") { throw Gen2Error("Default parameter values are not supported in a schema file.", at: current.location) }
                if current.isPunctuator(",") { advance() } else if !current.isPunctuator(")") { throw unexpected("expected ',' or ')' in the parameters") }
            }
            advance()
            if current.isPunctuator(":") {
                advance()
                skipType(inDeclaration: false, endingAtArrow: true)
            }
        } else {
            return nil
        }
        try expect("=>", "after the parameters")
        if current.isPunctuator("{") {
            advance()
            var statements: [Statement] = []
            while !current.isPunctuator("}") {
                guard current.kind != .end else { throw unexpected("expected '}' to close the function body") }
                if let statement = try statement(inBlock: true) { statements.append(statement) }
            }
            advance()
            return Expression(kind: .arrow(ArrowFunction(parameters: parameters, body: .block(statements))), location: start.location)
        }
        let body = try expression()
        return Expression(kind: .arrow(ArrowFunction(parameters: parameters, body: .expression(body))), location: start.location)
    }

    /// Whether the `(` at the current token opens a parameter list: its matching `)` is followed by `=>` or by a
    /// return type annotation.
    private func isArrowParameterList() -> Bool {
        var level = 0
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .end { return false }
            if token.isPunctuator("(") || token.isPunctuator("[") || token.isPunctuator("{") { level += 1 }
            if token.isPunctuator(")") || token.isPunctuator("]") || token.isPunctuator("}") {
                level -= 1
                if level == 0 {
                    let next = tokens[min(index + 1, tokens.count - 1)]
                    return next.isPunctuator("=>") || (token.isPunctuator(")") && next.isPunctuator(":"))
                }
            }
            if level > Parser.maximumDepth { return false }
            index += 1
        }
        return false
    }

    /// A JavaScript number literal: decimal (with `_` separators), hexadecimal, octal or binary.
    static func number(_ text: String) -> Double? {
        let plain = text.replacing("_", with: "")
        let lower = plain.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            return UInt64(lower.dropFirst(2), radix: radix).map { Double($0) }
        }
        return Double(plain)
    }

    /// A numeric key as JavaScript names it (`1.0` is `"1"`).
    static func propertyName(_ number: Double) -> String { JavaScriptNumber.text(number) }
}
