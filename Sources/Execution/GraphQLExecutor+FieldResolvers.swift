import JSON
import ModelIR
import Planner

/// Fields answered by functions (`@function` on a model's field): once a statement has answered, each marker
/// it left is replaced with its functions' answer for that record, completed against the field's selection.
extension GraphQLExecutor {
    /// Most field-resolver calls of one root field in flight at once.
    static let fieldResolverWidth = 16

    /// `json` (root field `key`'s value) with every marker of `resolvers` replaced, and the errors of the calls
    /// that failed (their fields are null); `json` itself when it holds no marker.
    func resolveFields(_ json: String, resolvers: [FieldResolverPlan], key: String, origin: RequestOrigin) async -> (json: String, errors: [ResponseError]) {
        guard !resolvers.isEmpty, json.contains(FieldResolverPlan.markerKey), let value = try? JSONReader.parse(Array(json.utf8)) else { return (json, []) }
        var markers: [(path: [String], indices: Set<Int>, index: Int, source: JSONValue)] = []
        Self.collectMarkers(value, path: [key], indices: [], into: &markers)
        var answers = [JSONValue](repeating: .null, count: markers.count)
        var errors: [[ResponseError]] = Array(repeating: [], count: markers.count)
        await withTaskGroup(of: (Int, JSONValue, [ResponseError]).self) { group in
            var next = 0
            func start() {
                guard next < markers.count else { return }
                let (position, marker) = (next, markers[next])
                next += 1
                group.addTask { await self.answer(marker, resolvers: resolvers, origin: origin, position: position) }
            }
            for _ in 0..<Self.fieldResolverWidth { start() }
            for await (position, answer, failures) in group {
                answers[position] = answer
                errors[position] = failures
                start()
            }
        }
        var position = 0
        let replaced = Self.replaceMarkers(value, with: answers, position: &position)
        return (JSONText.encode(replaced), errors.flatMap { $0 })
    }

    /// One marker's value: its field's functions called with the record as `source`, the answer completed.
    private func answer(
        _ marker: (path: [String], indices: Set<Int>, index: Int, source: JSONValue), resolvers: [FieldResolverPlan], origin: RequestOrigin, position: Int
    ) async -> (Int, JSONValue, [ResponseError]) {
        guard resolvers.indices.contains(marker.index) else { return (position, .null, []) }
        let plan = resolvers[marker.index]
        let outcome = await callPipeline(plan.field.functions, origin: origin) { previous, details in
            CustomEvent.event(
                typeName: plan.model, fieldName: plan.field.name, arguments: plan.arguments, caller: origin.caller, source: marker.source, origin: origin,
                details: details, selectionSetList: plan.selectionSetList, selectionSetGraphQL: plan.selectionSetGraphQL, previous: previous)
        }
        switch outcome {
        case .failure(let failed):
            var entry = ResponseError(message: failed.message, errorType: failed.errorType, path: marker.path, locations: plan.locations, requestID: origin.requestID)
            entry.indexPositions = marker.indices
            return (position, .null, [entry])
        case .success(let value):
            var shaper = ResultShaper(requestID: origin.requestID, locations: plan.locations)
            let completed = shaper.complete(value, shape: plan.shape, path: marker.path, parent: plan.model)
            let errors = shaper.errors.map { error in
                var located = error
                located.indexPositions.formUnion(marker.indices)
                return located
            }
            return (position, completed, errors)
        }
    }

    /// The markers in `value`, depth first, with their paths.
    static func collectMarkers(
        _ value: JSONValue, path: [String], indices: Set<Int>, into markers: inout [(path: [String], indices: Set<Int>, index: Int, source: JSONValue)]
    ) {
        if let marker = FieldResolverPlan.marker(value) {
            markers.append((path, indices, marker.index, marker.source))
            return
        }
        switch value {
        case .object(let members): for (name, member) in members { collectMarkers(member, path: path + [name], indices: indices, into: &markers) }
        case .list(let items):
            for (index, item) in items.enumerated() { collectMarkers(item, path: path + [String(index)], indices: indices.union([path.count]), into: &markers) }
        default: return
        }
    }

    /// `value` with its markers replaced by `answers`, in the order `collectMarkers` found them.
    static func replaceMarkers(_ value: JSONValue, with answers: [JSONValue], position: inout Int) -> JSONValue {
        if FieldResolverPlan.marker(value) != nil {
            defer { position += 1 }
            return position < answers.count ? answers[position] : .null
        }
        switch value {
        case .object(let members):
            var replaced: [(String, JSONValue)] = []
            replaced.reserveCapacity(members.count)
            for (name, member) in members { replaced.append((name, replaceMarkers(member, with: answers, position: &position))) }
            return .object(replaced)
        case .list(let items):
            var replaced: [JSONValue] = []
            replaced.reserveCapacity(items.count)
            for item in items { replaced.append(replaceMarkers(item, with: answers, position: &position)) }
            return .list(replaced)
        default: return value
        }
    }
}
