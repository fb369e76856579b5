/// A delete behaviour chosen outside the schema file (`Post.comments=CASCADE`), so a schema that must still
/// deploy to AppSync, which knows no `onDelete` argument, can have its children cascade here. Applied to the
/// parsed schema it is exactly `@hasMany(onDelete: CASCADE)` written on that field.
package struct OnDeleteOverride: Equatable, Sendable {
    /// The parent model.
    package var model: String
    /// Its `@hasMany` or `@hasOne` field.
    package var field: String
    /// What happens to the children when the parent is deleted.
    package var action: OnDelete

    /// Creates an override.
    package init(model: String, field: String, action: OnDelete) {
        self.model = model
        self.field = field
        self.action = action
    }

    /// Reads `Model.field=ACTION` (spaces around the parts are ignored).
    package init(parsing text: String) throws(OnDeleteRefusal) {
        let parts = text.split(separator: "=", omittingEmptySubsequences: false)
        let path = parts.first.map { $0.split(separator: ".", omittingEmptySubsequences: false) } ?? []
        guard parts.count == 2, path.count == 2 else {
            throw OnDeleteRefusal("'\(text)' is not Model.field=ACTION (for example Post.comments=CASCADE).")
        }
        let model = path[0].trimmed, field = path[1].trimmed, actionText = parts[1].trimmed
        guard !model.isEmpty, !field.isEmpty else {
            throw OnDeleteRefusal("'\(text)' is not Model.field=ACTION (for example Post.comments=CASCADE).")
        }
        guard let action = OnDelete(rawValue: actionText) else {
            throw OnDeleteRefusal("'\(text)': the action must be CASCADE, SET_NULL or RESTRICT, not '\(actionText)'.")
        }
        self.init(model: model, field: field, action: action)
    }

    /// Reads a comma-separated list of `Model.field=ACTION` entries; empty entries are skipped.
    package static func list(_ text: String) throws(OnDeleteRefusal) -> [OnDeleteOverride] {
        var overrides: [OnDeleteOverride] = []
        for entry in text.split(separator: ",") where !entry.trimmed.isEmpty {
            overrides.append(try OnDeleteOverride(parsing: String(entry)))
        }
        return overrides
    }
}

/// Why an `onDelete` given outside the schema cannot be applied, in a sentence for the user.
package struct OnDeleteRefusal: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    package var description: String

    /// Creates a refusal.
    package init(_ description: String) {
        self.description = description
    }
}

extension Schema {
    /// Sets each override's action on its relationship, as if the schema said `onDelete:` there. Refused: a
    /// schema that maps an existing database (its foreign keys are the database's own), an unknown model or
    /// field, a field that is not `@hasMany` or `@hasOne`, the same field given two actions, and an action other
    /// than the one the schema itself writes on that field.
    package mutating func apply(_ overrides: [OnDeleteOverride]) throws(OnDeleteRefusal) {
        guard !overrides.isEmpty else { return }
        if isExistingDatabase {
            throw OnDeleteRefusal(
                "onDelete cannot be set on a schema that maps an existing database: its tables' foreign keys say what a delete does, and ModelGraph never alters them.")
        }
        var chosen: [String: OnDelete] = [:]
        for override in overrides {
            let name = "\(override.model).\(override.field)"
            guard let modelIndex = models.firstIndex(where: { $0.name == override.model }) else {
                throw OnDeleteRefusal("onDelete '\(name)': there is no model '\(override.model)'. Models: \(models.map(\.name).joined(separator: ", ")).")
            }
            guard let fieldIndex = models[modelIndex].fields.firstIndex(where: { $0.name == override.field }) else {
                throw OnDeleteRefusal("onDelete '\(name)': model '\(override.model)' has no field '\(override.field)'.")
            }
            guard var relationship = models[modelIndex].fields[fieldIndex].relationship, relationship.kind == .hasMany || relationship.kind == .hasOne else {
                throw OnDeleteRefusal("onDelete '\(name)': only a @hasMany or @hasOne field can choose what deleting its parent does; '\(name)' is neither.")
            }
            if let earlier = chosen[name], earlier != override.action {
                throw OnDeleteRefusal("onDelete '\(name)' is given twice, as \(earlier.rawValue) and as \(override.action.rawValue).")
            }
            if let written = relationship.onDelete, chosen[name] == nil, written != override.action {
                throw OnDeleteRefusal(
                    "onDelete '\(name)=\(override.action.rawValue)' contradicts the schema, which says onDelete: \(written.rawValue) there; keep one of them.")
            }
            chosen[name] = override.action
            relationship.onDelete = override.action
            models[modelIndex].fields[fieldIndex].relationship = relationship
        }
    }
}

extension Substring {
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
