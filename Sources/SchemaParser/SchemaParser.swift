import GraphQL
package import ModelIR

/// Turns an Amplify-annotated GraphQL schema into `ModelIR.Schema`, collecting every problem of the file
/// with its line and column.
package enum SchemaParser {
    /// What parsing produced: the schema when there were no errors, and every diagnostic.
    package struct Result: Sendable {
        /// The lowered schema, or nil when any error was found.
        package var schema: ModelIR.Schema?
        /// Errors and warnings, in source order.
        package var diagnostics: [Diagnostic]

        /// The errors only.
        package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// The deepest bracket nesting a schema file may have, checked before the recursive GraphQL parser runs.
    package static let maximumNesting = 64

    /// Parses schema text. `file` names the source in diagnostics; `readReference` reads the file an
    /// `@sql(reference:)` names (nil when it cannot), relative to the schema file.
    package static func parse(source: String, file: String? = nil, readReference: ((String) -> String?)? = nil) -> Result {
        let measured = NestingScanner.measure(source, nestingLimit: maximumNesting, tokenLimit: .max)
        if let excess = measured.excess {
            let location = ModelIR.SourceLocation(file: file, line: excess.line, column: excess.column)
            return Result(schema: nil, diagnostics: [.error("Brackets nest more than \(maximumNesting) deep here; a schema never needs that many.", at: location)])
        }
        if let escape = measured.badEscape {
            // GraphQLSwift's lexer reads past the end of the text on such an escape.
            let location = ModelIR.SourceLocation(file: file, line: escape.line, column: escape.column)
            return Result(
                schema: nil,
                diagnostics: [
                    .error("Syntax Error: invalid Unicode escape sequence: \\u needs four hex digits (or braces) and a lone surrogate half is no character.", at: location)
                ])
        }
        let document: Document
        do {
            let text = UnicodeEscapes.apply(measured.escapes, to: source)
            document = try GraphQL.parse(source: Source(body: text, name: file ?? "schema.graphql"))
        } catch let error as GraphQLError {
            let location = error.locations.first.map {
                ModelIR.SourceLocation(file: file, line: $0.line, column: $0.column)
            }
            return Result(schema: nil, diagnostics: [.error(syntaxMessage(error.message), at: location)])
        } catch {
            return Result(schema: nil, diagnostics: [.error("\(error)", at: nil)])
        }
        var lowering = SchemaLowering(document: document, file: file)
        lowering.readReference = readReference
        let schema = lowering.lower()
        let diagnostics = lowering.diagnostics.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return Result(schema: hasErrors ? nil : schema, diagnostics: diagnostics)
    }

    /// Parses schema text and throws every diagnostic when there is an error.
    package static func parseOrThrow(source: String, file: String? = nil, readReference: ((String) -> String?)? = nil) throws -> ModelIR.Schema {
        let result = parse(source: source, file: file, readReference: readReference)
        guard let schema = result.schema else { throw DiagnosticsError(result.diagnostics) }
        return schema
    }

    /// GraphQLSwift prefixes syntax errors with a source excerpt; keep the first line.
    private static func syntaxMessage(_ message: String) -> String {
        let firstLine = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
        return firstLine.hasPrefix("Syntax Error") ? firstLine : "Syntax Error: " + firstLine
    }
}

/// Formats diagnostics the way compilers do: `file:line:column: error: message`, the source line, a caret.
package enum DiagnosticFormatter {
    /// Renders all diagnostics against the source text they point into.
    package static func format(_ diagnostics: [Diagnostic], source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return diagnostics.map { diagnostic in
            var text = diagnostic.description
            if let location = diagnostic.location, location.line >= 1, location.line <= lines.count {
                let line = String(lines[location.line - 1]).replacing("\r", with: "")
                text += "\n" + line + "\n" + String(repeating: " ", count: max(0, location.column - 1)) + "^"
            }
            return text
        }.joined(separator: "\n")
    }
}
