import ModelIR

/// Reads the modules a schema file imports by a relative path (`import { schema } from './schema.sql'`): each is
/// parsed and run like the file itself, once, when a name it exports is first used. Cycles and
/// imports nested deeper than `maximumDepth` are refused, located at the import.
final class ModuleLoader {
    /// Finds the module `specifier` imported by the file `importer`: its path and text, or nil.
    typealias Read = (_ specifier: String, _ importer: String?) -> (path: String, source: String)?

    /// How deep imports may chain.
    static let maximumDepth = 16

    private let read: Read
    private var exportsByPath: [String: [String: Value]] = [:]
    private var loading: [String] = []
    /// The text of every module read, by path.
    private(set) var sources: [String: String] = [:]

    /// The notes of the conversion, which the modules' evaluators add to.
    let notes: NoteBook

    init(read: @escaping Read, notes: NoteBook) {
        self.read = read
        self.notes = notes
    }

    /// The exports of the module `specifier` imported by `importer` at `location`; nil when it cannot be read.
    func load(_ specifier: String, from importer: String?, at location: SourceLocation) throws(Gen2Error) -> (path: String, exports: [String: Value])? {
        guard let (path, source) = read(specifier, importer) else { return nil }
        if let exports = exportsByPath[path] { return (path, exports) }
        if loading.contains(path) {
            throw Gen2Error("Modules import each other in a cycle: \((loading + [path]).joined(separator: " → ")).", at: location)
        }
        if loading.count >= Self.maximumDepth {
            throw Gen2Error("Imports chain more than \(Self.maximumDepth) modules deep here.", at: location)
        }
        loading.append(path)
        defer { loading.removeLast() }
        sources[path] = source
        do throws(Gen2Error) {
            var evaluator = Evaluator(file: path, modules: self, notes: notes)
            let exports = try evaluator.execute(try Parser.parse(source: source, file: path)).exports
            exportsByPath[path] = exports
            return (path, exports)
        } catch {
            var located = error
            if located.source == nil && located.location.file == path { located.source = source }
            throw located
        }
    }
}
