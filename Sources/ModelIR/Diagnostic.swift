/// One problem found in a schema file. Stages collect these instead of throwing at the first problem, so a
/// user sees every mistake of a file at once.
package struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// How bad a diagnostic is.
    package enum Severity: String, Sendable, Equatable {
        /// The schema cannot be used.
        case error
        /// The schema works, but probably not as intended.
        case warning
    }

    /// How bad it is.
    package var severity: Severity
    /// What is wrong, naming the type and field.
    package var message: String
    /// Where it is, when known.
    package var location: SourceLocation?

    /// Creates a diagnostic.
    package init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// Creates an error diagnostic.
    package static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    /// `file:line:column: error: message`.
    package var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)"
    }
}

/// Thrown by a stage that found errors; carries all of them.
package struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic of the failed stage, errors and warnings.
    package var diagnostics: [Diagnostic]

    /// Creates the error.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
