import ModelIR

/// Parses the TypeScript subset of Gen 2 schema files: imports, declarations, `export default`, expression
/// statements, and the expressions of `Parser+Expressions.swift`. Type annotations, type aliases and interfaces
/// are skipped. Nesting is bounded (`maximumDepth`), so no input can exhaust the stack.
struct Parser {
    /// The deepest an expression may nest: brackets, arrow functions and each link of a method chain count.
    static let maximumDepth = 100

    /// Keywords that start a statement; a type being skipped ends before one on a new line.
    private static let statementKeywords: Set<String> = ["const", "let", "var", "export", "import", "type", "interface", "declare", "function", "class"]

    var tokens: [Token]
    var position = 0
    var depth = 0

    /// Parses a whole file.
    static func parse(source: String, file: String?) throws(Gen2Error) -> [Statement] {
        var parser = Parser(tokens: try Lexer.tokens(of: source, file: file))
        var statements: [Statement] = []
        while parser.current.kind != .end {
            if let statement = try parser.statement(inBlock: false) { statements.append(statement) }
        }
        return statements
    }

    var current: Token { tokens[position] }

    func peek(_ ahead: Int) -> Token { tokens[min(position + ahead, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Consumes the punctuator `text` or fails naming what was expected.
    @discardableResult
    mutating func expect(_ text: String, _ context: String) throws(Gen2Error) -> Token {
        guard current.isPunctuator(text) else { throw unexpected("expected '\(text)' \(context)") }
        return advance()
    }

    /// An error at the current token.
    func unexpected(_ what: String) -> Gen2Error {
        let found = current.kind == .end ? "the end of the file" : current.kind == .string ? "a string" : "'\(current.text)'"
        return Gen2Error("Syntax error: \(what), found \(found).", at: current.location)
    }

    /// Counts one level of nesting, failing past `maximumDepth`.
    mutating func enter() throws(Gen2Error) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Gen2Error(
                "Expressions nest more than \(Self.maximumDepth) deep here (brackets, arrow functions and method chains count); a schema never needs that many.",
                at: current.location)
        }
    }

    /// One statement; nil for an empty statement or a skipped type declaration.
    mutating func statement(inBlock: Bool) throws(Gen2Error) -> Statement? {
        let start = current
        if start.isPunctuator(";") {
            advance()
            return nil
        }
        guard start.kind == .identifier else {
            let value = try expression()
            try endStatement()
            return Statement(kind: .expression(value), location: start.location)
        }
        switch start.text {
        case "import" where !peek(1).isPunctuator("(") && !peek(1).isPunctuator("."):
            return try importStatement()
        case "export":
            advance()
            if current.isIdentifier("default") {
                advance()
                let value = try expression()
                try endStatement()
                return Statement(kind: .exportDefault(value), location: start.location)
            }
            if current.isPunctuator("{") || current.isPunctuator("*") {
                throw Gen2Error("Re-exports ('export { ... }') are not supported in a schema file; export the schema where it is declared.", at: current.location)
            }
            guard var declaration = try statement(inBlock: inBlock) else { return nil }
            if case .binding(let name, let value, _) = declaration.kind { declaration.kind = .binding(name: name, value: value, exported: true) }
            return declaration
        case "const", "let", "var":
            return try declaration()
        case "type" where peek(1).kind == .identifier && !peek(1).followsLineBreak, "interface", "declare":
            advance()
            skipType(inDeclaration: true)
            if current.isPunctuator(";") { advance() }
            return nil
        case "return" where inBlock:
            advance()
            if current.isPunctuator(";") || current.isPunctuator("}") || current.followsLineBreak {
                try endStatement()
                return Statement(kind: .returning(nil), location: start.location)
            }
            let value = try expression()
            try endStatement()
            return Statement(kind: .returning(value), location: start.location)
        case "function", "class", "if", "for", "while", "do", "switch", "try", "throw", "async", "enum", "namespace", "module", "return":
            throw Gen2Error("'\(start.text)' statements are not supported in a schema file; ModelGraph reads declarations of the a.* builders only.", at: start.location)
        default:
            let value = try expression()
            try endStatement()
            return Statement(kind: .expression(value), location: start.location)
        }
    }

    /// `import x, { a, type B, c as d } from 'm'`, `import * as ns from 'm'`, `import 'm'`, `import type ...`.
    private mutating func importStatement() throws(Gen2Error) -> Statement {
        let start = advance()
        var names: [ImportedName] = []
        if current.kind == .string {
            let module = advance().text
            try endStatement()
            return Statement(kind: .imports([], module: module), location: start.location)
        }
        if current.isIdentifier("type") && !peek(1).isIdentifier("from") && !peek(1).isPunctuator(",") {
            // `import type { X } from 'm'` brings in types only.
            advance()
            while !current.isIdentifier("from") && current.kind != .end { advance() }
            advance()
            guard current.kind == .string else { throw unexpected("expected the module name after 'from'") }
            let module = advance().text
            try endStatement()
            return Statement(kind: .imports([], module: module), location: start.location)
        }
        while !current.isIdentifier("from") {
            if current.kind == .identifier {
                names.append(ImportedName(imported: "default", local: advance().text))
            } else if current.isPunctuator("*") {
                advance()
                guard current.isIdentifier("as") else { throw unexpected("expected 'as' after 'import *'") }
                advance()
                guard current.kind == .identifier else { throw unexpected("expected a name after 'import * as'") }
                names.append(ImportedName(imported: "*", local: advance().text))
            } else if current.isPunctuator("{") {
                advance()
                while !current.isPunctuator("}") {
                    var isType = false
                    if current.isIdentifier("type") && peek(1).kind == .identifier && !peek(1).isIdentifier("as") {
                        isType = true
                        advance()
                    }
                    guard current.kind == .identifier || current.kind == .string else { throw unexpected("expected an imported name") }
                    let imported = advance().text
                    var local = imported
                    if current.isIdentifier("as") {
                        advance()
                        guard current.kind == .identifier else { throw unexpected("expected a name after 'as'") }
                        local = advance().text
                    }
                    if !isType { names.append(ImportedName(imported: imported, local: local)) }
                    if current.isPunctuator(",") { advance() } else if !current.isPunctuator("}") { throw unexpected("expected ',' or '}' in the import list") }
                }
                advance()
            } else {
                throw unexpected("expected the names an import brings in")
            }
            if current.isPunctuator(",") { advance() }
        }
        advance()
        guard current.kind == .string else { throw unexpected("expected the module name after 'from'") }
        let module = advance().text
        try endStatement()
        return Statement(kind: .imports(names, module: module), location: start.location)
    }

    /// `const name: Type = value` (several declarators separated by commas become one statement each; only the
    /// first is returned, the others are rare enough to refuse).
    private mutating func declaration() throws(Gen2Error) -> Statement {
        let start = advance()
        guard current.kind == .identifier else {
            throw Gen2Error("Destructuring declarations are not supported in a schema file; declare one name per 'const'.", at: current.location)
        }
        let name = advance().text
        if current.isPunctuator(":") {
            advance()
            skipType(inDeclaration: false)
        }
        guard current.isPunctuator("=") else { throw unexpected("expected '=' and a value for '\(name)'") }
        advance()
        let value = try expression()
        if current.isPunctuator(",") {
            throw Gen2Error("Several declarations in one statement are not supported in a schema file; write one 'const' per name.", at: current.location)
        }
        try endStatement()
        return Statement(kind: .binding(name: name, value: value, exported: false), location: start.location)
    }

    /// A statement ends at `;`, before `}`, at the end of the file, or at a line break.
    private mutating func endStatement() throws(Gen2Error) {
        if current.isPunctuator(";") {
            advance()
        } else if !(current.isPunctuator("}") || current.kind == .end || current.followsLineBreak) {
            throw unexpected("expected the end of the statement")
        }
    }

    /// Skips a type: an annotation (ending before `=`, `,`, `)`, `]`, `}`, `;` at its own level, and before `=>`
    /// for an arrow function's return type) or, in a
    /// declaration, a whole `type`/`interface` body (ending at `;` or before a statement keyword on a new line).
    mutating func skipType(inDeclaration: Bool, endingAtArrow: Bool = false) {
        var level = 0
        var first = true
        while current.kind != .end {
            let token = current
            if level == 0 && !first {
                if token.isPunctuator(";") || token.isPunctuator(")") || token.isPunctuator("]") || token.isPunctuator("}") { return }
                if !inDeclaration && (token.isPunctuator("=") || token.isPunctuator(",")) { return }
                if endingAtArrow && token.isPunctuator("=>") { return }
                if token.followsLineBreak && token.kind == .identifier && Self.statementKeywords.contains(token.text) { return }
                let continuesLine = token.kind == .punctuator && ["|", "&", ".", "=>", "<", "?", "="].contains(token.text)
                if token.followsLineBreak && !lastWasContinuation && !continuesLine { return }
            }
            first = false
            if token.kind == .punctuator {
                switch token.text {
                case "(", "[", "{", "<": level += 1
                case ")", "]", "}", ">": level = max(0, level - 1)
                case ">>": level = max(0, level - 2)
                default: break
                }
            }
            advance()
        }
    }

    /// Whether the token before the current one continues a type on the next line (`=`, `|`, `&`, `,` ...).
    private var lastWasContinuation: Bool {
        guard position > 0 else { return false }
        let previous = tokens[position - 1]
        return previous.kind == .punctuator && ["=", "|", "&", ",", ":", "<", "=>", "?", "."].contains(previous.text)
    }
}
