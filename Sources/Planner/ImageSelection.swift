import GraphQL
import JSON
import ModelIR
import SQLSyntax
import Storage

/// A subscription's selection set that a changed row's image (the change log's `to_jsonb` text of the row)
/// answers by itself, without a delivery statement: every selected field is `__typename` or one of the model's
/// own stored columns whose value the API returns as the column holds it (no formatting function, no cast) and
/// whose `to_jsonb` text equals its `to_json` text. Delivery then copies those members' texts out of the image
/// into the selection's object, in the selection's order and under its response keys: the same bytes the
/// delivery statement would return (`to_json` of a row), at no cost to the database.
///
/// Date and time columns (formatted with `to_char`), floating-point ones (`to_jsonb` rounds them to 15
/// digits), JSON, lists, relationships, fields with their own `@auth`, owners read as a username and fields
/// with arguments all need the statement.
package struct ImageSelection: Sendable, Equatable {
    /// One member of the selection's object: its key as JSON text, and where its value comes from.
    package enum Entry: Sendable, Hashable {
        /// The value of the image's member `column`, or null when the image has none.
        case column(key: String, column: String)
        /// A constant text (`__typename`).
        case constant(key: String, text: String)
    }

    /// One entry as rendering needs it: `"key":` as bytes, then the column to copy or the constant's JSON bytes.
    private struct Part: Sendable, Equatable {
        let prefix: [UInt8]
        let column: String?
        let constant: [UInt8]
    }

    /// The object's members, in the selection's order.
    package let entries: [Entry]
    /// The entries, their keys (and constants) quoted once.
    private let parts: [Part]
    /// The image members the entries read.
    private let columns: Set<String>

    /// A selection of `entries`.
    package init(entries: [Entry]) {
        self.entries = entries
        parts = entries.map { entry in
            switch entry {
            case .column(let key, let column): Part(prefix: Array((JSONText.quote(key) + ":").utf8), column: column, constant: [])
            case .constant(let key, let text): Part(prefix: Array((JSONText.quote(key) + ":").utf8), column: nil, constant: Array(JSONText.quote(text).utf8))
            }
        }
        columns = Set(parts.compactMap(\.column))
    }

    /// The selection's object for a row image, as compact JSON text; nil when the image is not a JSON object.
    package func render(image: String) -> String? {
        let bytes = Array(image.utf8)
        guard let members = try? JSONReader.memberTexts(of: bytes, wanted: columns, maximumDepth: 64) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16 * parts.count)
        output.append(UInt8(ascii: "{"))
        for (index, part) in parts.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: part.prefix)
            if let column = part.column {
                if let text = members[column] { output.append(contentsOf: text) } else { output.append(contentsOf: "null".utf8) }
            } else {
                output.append(contentsOf: part.constant)
            }
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The selection of `fields` (a subscription field's selection set, collected) on `model`, when the image
    /// answers every one of them; nil otherwise.
    static func of(_ fields: [GraphQL.Field], model: Model) -> ImageSelection? {
        var entries: [Entry] = []
        for field in fields {
            let key = field.alias?.value ?? field.name.value
            if field.name.value == "__typename" {
                entries.append(.constant(key: key, text: model.name))
                continue
            }
            guard field.arguments.isEmpty, field.selectionSet == nil, let modelField = model.field(named: field.name.value), Self.copiesFromImage(modelField, of: model) else {
                return nil
            }
            entries.append(.column(key: key, column: modelField.columnName))
        }
        return entries.isEmpty ? nil : ImageSelection(entries: entries)
    }

    /// True when the API returns `field` as its column holds it and the column's `to_jsonb` text is its
    /// `to_json` text: text, whole numbers (an `Int` in a `bigint` column is cast, so not that), booleans,
    /// UUIDs and enums.
    private static func copiesFromImage(_ field: ModelIR.Field, of model: Model) -> Bool {
        guard field.relationship == nil, field.auth == nil, !field.type.isList, !SelectionCompiler.readsAsUsername(field, of: model) else { return false }
        let storage = StorageMapping.sqlType(of: field)
        switch field.type.base {
        case .scalar(let scalar):
            switch scalar {
            case .id, .string, .awsEmail, .awsURL, .awsPhone, .awsIPAddress, .awsTime, .boolean, .awsTimestamp: break
            case .int: if storage == .bigint { return false }
            case .float, .awsDate, .awsDateTime, .awsJSON: return false
            }
        case .enumeration: break
        case .object, .model: return false
        }
        switch storage {
        case .text, .integer, .bigint, .smallint, .boolean, .uuid, .enumeration: return true
        default: return false
        }
    }
}
