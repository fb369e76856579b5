import JSON
import Planner

/// Turns the field-denial markers of a root field's JSON (`FieldDenialMarker`) into AppSync's errors: each
/// marker that is set becomes `Unauthorized`, "Not Authorized to access secret on type Profile", at its field's
/// path (list indices included), and every marker leaves the JSON. Only statements that hold markers pay for
/// this reading of their answer.
enum FieldDenials {
    /// `json` without markers, and the errors of the fields they withheld, in the order of the answer.
    static func resolve(_ json: String, key: String) -> (json: String, errors: [ResponseError]) {
        guard let value = try? JSONReader.parse(Array(json.utf8), maximumDepth: 1024) else { return (json, []) }
        var errors: [ResponseError] = []
        var path = [key]
        var indices: [Int] = []
        let cleaned = strip(value, path: &path, indices: &indices, errors: &errors)
        return (JSONText.encode(cleaned), errors)
    }

    private static func strip(_ value: JSONValue, path: inout [String], indices: inout [Int], errors: inout [ResponseError]) -> JSONValue {
        switch value {
        case .object(let entries):
            var kept: [(String, JSONValue)] = []
            kept.reserveCapacity(entries.count)
            for (name, entry) in entries {
                guard name.hasPrefix(FieldDenialMarker.prefix) else {
                    path.append(name)
                    kept.append((name, strip(entry, path: &path, indices: &indices, errors: &errors)))
                    path.removeLast()
                    continue
                }
                guard case .string(let text) = entry else { continue }
                let (message, location) = FieldDenialMarker.read(text)
                var error = ResponseError(
                    message: message, errorType: PlanError.Code.unauthorized.rawValue, path: path + [String(name.dropFirst(FieldDenialMarker.prefix.count))],
                    locations: location.map { [$0] } ?? [])
                error.indexPositions = Set(indices)
                errors.append(error)
            }
            return .object(kept)
        case .list(let items):
            var kept: [JSONValue] = []
            kept.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                indices.append(path.count)
                path.append(String(index))
                kept.append(strip(item, path: &path, indices: &indices, errors: &errors))
                path.removeLast()
                indices.removeLast()
            }
            return .list(kept)
        default:
            return value
        }
    }
}
