package import Foundation

/// Every file of the studio (`Sources/Studio/Assets`), compiled into the program (SwiftPM's `embedInCode`: each
/// file becomes a byte array of `PackageResources`), so the one executable serves the studio wherever it is
/// copied, with no bundle beside it and no file read at run time. Looked up by path under `/studio/`: a lookup is
/// a dictionary lookup of the paths listed here, never a path handed to the file system, so no request path
/// (`..`, encoded or not) can reach anything else.
package struct StudioAssets: Sendable {
    /// The assets by their path relative to the folder (`app.js`, `graphql/lexer.js`).
    package let files: [String: StudioAsset]

    /// The assets `files` holds (path and bytes); a file whose kind the studio does not serve is left out.
    package init(files: [(path: String, bytes: [UInt8])]) {
        var assets: [String: StudioAsset] = [:]
        for (path, bytes) in files {
            guard let type = StudioAsset.contentType(forName: path) else { continue }
            assets[path] = StudioAsset(bytes: bytes, contentType: type)
        }
        self.files = assets
    }

    /// The asset at `path` (relative, as in `/studio/<path>`), or nil.
    package func asset(at path: String) -> StudioAsset? { files[path] }

    /// The page itself.
    package var index: StudioAsset? { files["index.html"] }

    /// The bytes of every asset together.
    package var totalBytes: Int { files.values.reduce(0) { $0 + $1.bytes.count } }

    /// A digest of every asset's path and bytes: names this build of the studio (`/studio/config.json`'s `version`).
    package var version: String {
        var all: [UInt8] = []
        for path in files.keys.sorted() { all += Array(path.utf8) + [0] + Array(files[path]!.etag.utf8) }
        return StudioAsset.digest(all)
    }

    /// The assets compiled into this program.
    package static let embedded = StudioAssets(files: embeddedFiles)

    /// Each compiled-in file under its path. SwiftPM names a file's bytes after its name alone (the folder is
    /// dropped), so the paths are listed here; a test checks that the list and the folder hold the same files,
    /// byte for byte.
    package static let embeddedFiles: [(path: String, bytes: [UInt8])] = [
        ("app.js", PackageResources.app_js),
        ("completion.js", PackageResources.completion_js),
        ("data.js", PackageResources.data_js),
        ("docs.js", PackageResources.docs_js),
        ("dom.js", PackageResources.dom_js),
        ("editor.js", PackageResources.editor_js),
        ("explorer.js", PackageResources.explorer_js),
        ("forms.js", PackageResources.forms_js),
        ("graphql/lexer.js", PackageResources.lexer_js),
        ("graphql/parser.js", PackageResources.parser_js),
        ("graphql/printer.js", PackageResources.printer_js),
        ("history.js", PackageResources.history_js),
        ("index.html", PackageResources.index_html),
        ("live.js", PackageResources.live_js),
        ("models.js", PackageResources.models_js),
        ("plan.js", PackageResources.plan_js),
        ("result.js", PackageResources.result_js),
        ("schema.js", PackageResources.schema_js),
        ("selection.js", PackageResources.selection_js),
        ("session.js", PackageResources.session_js),
        ("sql.js", PackageResources.sql_js),
        ("studio.css", PackageResources.studio_css),
        ("variables.js", PackageResources.variables_js),
    ]

    /// `Sources/Studio/Assets` in the source tree this file was compiled from (for the tests that compare it
    /// with what was compiled in).
    package static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Assets")
}
