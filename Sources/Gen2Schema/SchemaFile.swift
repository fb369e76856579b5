package import ModelIR
import SchemaParser

/// The one reader of schema files for every command: annotated SDL (`.graphql`) or an Amplify Gen 2 schema
/// (`.ts`, `.js`), told apart by the file's extension. Diagnostics of a Gen 2 file point into the `.ts` file,
/// including those the SDL parser finds in the converted SDL.
package enum SchemaFile {
    /// What reading a schema file produced.
    package struct Loaded: Sendable {
        /// The schema, when there were no errors.
        package var schema: ModelIR.Schema?
        /// Errors and warnings, located in the file that was read.
        package var diagnostics: [Diagnostic]
        /// The conversion, for a Gen 2 file that converted.
        package var conversion: Gen2Conversion?
        /// The text of each module a Gen 2 file imported, by path, for diagnostics that point into one.
        package var modules: [String: String] = [:]

        /// The errors only.
        package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// Extensions read as Gen 2 schema files.
    package static let gen2Extensions: Set<String> = ["ts", "mts", "cts", "js", "mjs", "cjs"]

    /// Whether `path` names a Gen 2 schema file.
    package static func isGen2(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return gen2Extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Parses the text of the schema file `file`; `readModule` finds the modules a Gen 2 file imports by a
    /// relative path (without it, names imported from them cannot be used), and `readReference` the files
    /// `@sql(reference:)` names.
    package static func parse(
        source: String, file: String, readModule: Gen2Conversion.ModuleReader? = nil, readReference: ((String) -> String?)? = nil
    ) -> Loaded {
        guard isGen2(file) else {
            let result = SchemaParser.parse(source: source, file: file, readReference: readReference)
            return Loaded(schema: result.schema, diagnostics: result.diagnostics, conversion: nil)
        }
        let conversion: Gen2Conversion
        switch Result(catching: { () throws(Gen2Error) in try Gen2Conversion.convert(source: source, file: file, readModule: readModule) }) {
        case .success(let converted): conversion = converted
        case .failure(let error):
            let modules = error.source.map { [error.location.file ?? "": $0] } ?? [:]
            return Loaded(schema: nil, diagnostics: [error.diagnostic], conversion: nil, modules: modules)
        }
        let result = SchemaParser.parse(source: conversion.sdl, file: file, readReference: readReference)
        return Loaded(
            schema: result.schema.map { remapped($0, by: conversion) }, diagnostics: result.diagnostics.map(conversion.mapped), conversion: conversion,
            modules: conversion.modules)
    }

    /// Formats diagnostics with their source lines: each against the text of the file it points into (the schema
    /// file's `source`, or a module it imported).
    package static func format(_ diagnostics: [Diagnostic], source: String, modules: [String: String]) -> String {
        diagnostics.map { diagnostic in
            DiagnosticFormatter.format([diagnostic], source: diagnostic.location?.file.flatMap { modules[$0] } ?? source)
        }.joined(separator: "\n")
    }

    /// The schema with every location moved from the SDL into the `.ts` file, so later stages report there too.
    private static func remapped(_ schema: ModelIR.Schema, by conversion: Gen2Conversion) -> ModelIR.Schema {
        func move(_ location: SourceLocation?) -> SourceLocation? {
            location.map { conversion.origin(of: $0) ?? $0 }
        }
        var schema = schema
        for model in schema.models.indices {
            schema.models[model].location = move(schema.models[model].location)
            for field in schema.models[model].fields.indices {
                schema.models[model].fields[field].location = move(schema.models[model].fields[field].location)
            }
            for index in schema.models[model].indexes.indices {
                schema.models[model].indexes[index].location = move(schema.models[model].indexes[index].location)
            }
        }
        for type in schema.enums.indices { schema.enums[type].location = move(schema.enums[type].location) }
        for type in schema.objectTypes.indices {
            schema.objectTypes[type].location = move(schema.objectTypes[type].location)
            for field in schema.objectTypes[type].fields.indices {
                schema.objectTypes[type].fields[field].location = move(schema.objectTypes[type].fields[field].location)
            }
        }
        return schema
    }
}
