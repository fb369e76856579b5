/// An index that serves the case-insensitive and full-text operators of a string field. Declared outside the
/// schema (`--text-index Post.title=insensitive`), so the same schema still deploys to AppSync.
package enum TextIndex: String, Codable, CaseIterable, Equatable, Sendable {
    /// A btree on the lower-cased text: `eqInsensitive` and `beginsWithInsensitive`.
    case insensitive
    /// A trigram GIN on the lower-cased text (needs `pg_trgm`): `containsInsensitive`.
    case trigram
    /// A GIN on the text's words: `search`.
    case search
}

extension TextIndex {
    /// True when a field of `type` can have text indexes: a single value of a scalar whose filter input is
    /// `ModelStringInput` and whose column is text, so the indexed expression is the one the operators read.
    package static func canIndex(_ type: FieldType) -> Bool {
        guard !type.isList, case .scalar(let scalar) = type.base else { return false }
        switch scalar {
        case .string, .awsEmail, .awsURL, .awsPhone, .awsIPAddress, .awsTime: return true
        default: return false
        }
    }
}

extension Schema {
    /// The schema with the text indexes `declarations` name (`Model.field=kind`, each list item one index,
    /// a list item may hold several separated by commas) added to its fields. Throws a message naming the first
    /// declaration that is malformed or names no indexable field; a schema that maps an existing database
    /// takes none (ModelGraph creates no index there).
    package func addingTextIndexes(_ declarations: [String]) throws(TextIndexDeclarationError) -> Schema {
        var schema = self
        for declaration in declarations.flatMap({ $0.split(separator: ",") }) {
            let item = String(declaration.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if item.isEmpty { continue }
            guard isExistingDatabase == false else {
                throw TextIndexDeclarationError("'\(item)': this schema maps an existing database, where ModelGraph creates no index; create it in the database instead.")
            }
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let path = parts[0].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let kinds = TextIndex.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2, path.count == 2, let kind = TextIndex(rawValue: parts[1]) else {
                throw TextIndexDeclarationError("'\(item)' is not Model.field=kind (kind: one of \(kinds)).")
            }
            guard let modelIndex = schema.models.firstIndex(where: { $0.name == path[0] }) else {
                throw TextIndexDeclarationError("'\(item)': the schema has no model \(path[0]).")
            }
            guard let fieldIndex = schema.models[modelIndex].fields.firstIndex(where: { $0.name == path[1] && $0.isStored }) else {
                throw TextIndexDeclarationError("'\(item)': model \(path[0]) has no stored field \(path[1]).")
            }
            let field = schema.models[modelIndex].fields[fieldIndex]
            guard TextIndex.canIndex(field.type) else {
                throw TextIndexDeclarationError(
                    "'\(item)': \(path[0]).\(path[1]) is \(field.type.description); text indexes are for single String, AWSEmail, AWSURL, AWSPhone, AWSIPAddress and AWSTime fields."
                )
            }
            if !field.textIndexes.contains(kind) { schema.models[modelIndex].fields[fieldIndex].textIndexes.append(kind) }
        }
        return schema
    }
}

/// A text index declaration that cannot be applied, with the reason.
package struct TextIndexDeclarationError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the declaration.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}
