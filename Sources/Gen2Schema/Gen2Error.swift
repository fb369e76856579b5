package import ModelIR

/// A problem in a Gen 2 schema file, at the place in that file it comes from. Reading stops at the first one,
/// as Amplify's own converter does.
package struct Gen2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the construct.
    package var message: String
    /// Where in the `.ts` file (or in a module it imports).
    package var location: SourceLocation
    /// The text of the file `location` points into, when that is a module the converted file imports.
    package var source: String?

    /// Creates an error.
    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The error as a diagnostic, for the formatter every schema error goes through.
    package var diagnostic: Diagnostic { .error(message, at: location) }

    /// `file:line:column: error: message`.
    package var description: String { diagnostic.description }
}
