package import ModelIR

/// An Amplify Gen 2 schema file (`amplify/data/resource.ts`) converted to the annotated SDL Amplify's own
/// converter emits for it, with the place in the file each SDL line comes from.
package struct Gen2Conversion: Sendable {
    /// The SDL. An existing-database schema starts with `input AMPLIFY { engine: String = "postgres" }`.
    package var sdl: String
    /// Where each part of the SDL comes from in the `.ts` file.
    var map: SourceMappedText

    /// The origin in the `.ts` file of each SDL line (index 0 is line 1): that of its first part.
    package var origins: [SourceLocation] { map.origins }
    /// Set for `a.configure({ database: ... })` schemas: the tables exist and ModelGraph should not create them.
    package var existingDatabase: ExistingDatabase?
    /// `defineData`'s `authorizationModes`, when given.
    package var authorizationModes: AuthorizationModes

    /// The text of each module the file imports by a relative path, by the path locations name it with.
    package var modules: [String: String]

    /// What the user should know about how the file was read, beyond the SDL (each once, in order): which name
    /// stands for a function whose module was not read, what `allow.resource(...)` becomes. `serve` and
    /// `convert` print them once.
    package var notes: [String] = []

    /// Finds a module a schema file imports by a relative path: given the import's specifier (`./schema.sql`)
    /// and the importing file's path, the module's path and text, or nil when there is none.
    package typealias ModuleReader = (_ specifier: String, _ importer: String?) -> (path: String, source: String)?

    /// Reads and converts a schema file's text; `file` names it in locations. With `readModule`, modules it
    /// imports by a relative path are read and run too; without it, using a name they export is an error.
    package static func convert(source: String, file: String?, readModule: ModuleReader? = nil) throws(Gen2Error) -> Gen2Conversion {
        let statements = try Parser.parse(source: source, file: file)
        let notes = NoteBook()
        let loader = readModule.map { ModuleLoader(read: $0, notes: notes) }
        var evaluator = Evaluator(file: file, modules: loader, notes: notes)
        let (schema, modes) = try evaluator.run(statements)
        var text: SourceMappedText
        var existing: ExistingDatabase?
        switch schema.value {
        case .string(let sdl):
            // `defineData({ schema: `...SDL...` })`: the SDL itself, each line mapped into the string.
            text = SourceMappedText()
            for (offset, line) in sdl.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let origin = SourceLocation(file: file, line: schema.location.line + offset, column: offset == 0 ? schema.location.column : 1)
                text.append((offset == 0 ? "" : "\n") + line, at: origin)
            }
        case .schema(let box):
            text = SourceMappedText()
            if let database = box.database {
                text.append("input AMPLIFY { engine: String = \"postgres\" }\n\n", at: database.location)
                existing = ExistingDatabase(engine: database.engine, connectionSecret: database.connectionSecret)
            }
            text.append(try SchemaEmitter.emit([box]))
        case .combined(let boxes):
            text = try SchemaEmitter.emit(boxes)
        default:
            throw Gen2Error("defineData's schema must be a.schema(...) or a.combine([...]).", at: schema.location)
        }
        return Gen2Conversion(
            sdl: text.text, map: text, existingDatabase: existing, authorizationModes: modes, modules: loader?.sources ?? [:], notes: notes.notes)
    }

    /// The `.ts` place the SDL at `location` (its line and column) comes from.
    package func origin(of location: SourceLocation) -> SourceLocation? {
        map.origin(line: location.line, column: location.column)
    }

    /// A diagnostic about the SDL, moved to the place in the `.ts` file the part it points at comes from.
    package func mapped(_ diagnostic: Diagnostic) -> Diagnostic {
        var mapped = diagnostic
        if let location = diagnostic.location { mapped.location = origin(of: location) ?? location }
        return mapped
    }

    /// What `modelgraph convert` prints: a header naming the source, then the SDL.
    package func printed(from file: String) -> String {
        "# Converted by `modelgraph convert` from the Amplify Gen 2 schema \(file).\n# This is the annotated SDL Amplify's converter emits for it.\n\n\(sdl)\n"
    }
}

/// The database of an `a.configure(...)` schema.
package struct ExistingDatabase: Sendable, Equatable {
    /// `postgresql`.
    package var engine: String
    /// The secret named by `connectionUri: secret('NAME')`, for the caller to resolve.
    package var connectionSecret: String?

    /// Creates the description.
    package init(engine: String, connectionSecret: String?) {
        self.engine = engine
        self.connectionSecret = connectionSecret
    }
}

/// `defineData({ authorizationModes: {...} })`: what the file says about the API's authorization modes, with
/// where it says it, for the commands that serve the schema (the schema itself does not depend on them).
package struct AuthorizationModes: Sendable, Equatable {
    /// `defaultAuthorizationMode`: `apiKey`, `userPool`, `oidc`, `identityPool`, `iam` or `lambda`.
    package var defaultMode: String?
    /// Where `defaultAuthorizationMode` is written.
    package var defaultModeLocation: SourceLocation?
    /// Where `apiKeyAuthorizationMode` is written: its presence makes API keys a mode of the API.
    package var apiKeyLocation: SourceLocation?
    /// `apiKeyAuthorizationMode.expiresInDays`, checked to be 1 to 365.
    package var apiKeyExpiresInDays: Int?
    /// `oidcAuthorizationMode`, when given.
    package var oidc: OIDCSettings?
    /// Where `lambdaAuthorizationMode` is written: its presence makes a Lambda authorizer a mode of the API.
    package var lambdaLocation: SourceLocation?

    /// No modes given, or the given ones.
    package init(defaultMode: String? = nil, apiKeyExpiresInDays: Int? = nil) {
        self.defaultMode = defaultMode
        self.apiKeyExpiresInDays = apiKeyExpiresInDays
    }

    /// `oidcAuthorizationMode: { oidcProviderName, oidcIssuerUrl, clientId, ... }`.
    package struct OIDCSettings: Sendable, Equatable {
        /// `oidcIssuerUrl`: the issuer the provider's tokens name.
        package var issuerURL: String?
        /// `clientId`: the client id the tokens must be for.
        package var clientID: String?
        /// Where `oidcAuthorizationMode` is written.
        package var location: SourceLocation

        /// The settings given at `location`.
        package init(issuerURL: String?, clientID: String?, location: SourceLocation) {
            self.issuerURL = issuerURL
            self.clientID = clientID
            self.location = location
        }
    }
}
