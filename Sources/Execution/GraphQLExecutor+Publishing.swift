package import JSON
import Logging
package import Planner

/// Custom subscriptions' events: a mutation they name publishes its answer through the change log, where every
/// server's change feed reads it; each subscriber gets it filtered by its arguments and completed against its
/// own selection.
extension GraphQLExecutor {
    /// Records a published answer in the change log: `$1` the mutation's name, `$2` its answer. The schema is
    /// empty (no table lives there) and the operation is `publish` (no trigger records one), so no model's
    /// change is ever taken for an event or the other way round.
    static let publishStatement = "INSERT INTO modelgraph.changes (table_schema, table_name, operation, new_row) VALUES ('', $1, 'publish', $2::jsonb)"

    /// Publishes mutation `name`'s answer `json` (the field's value as the mutation selected it) to the custom
    /// subscriptions that name it, once the mutation has committed; a null answer publishes nothing. When the
    /// database refuses the event, the mutation's answer stands and the failure is logged.
    func publish(_ name: String, json: String, origin: RequestOrigin) async {
        guard json != "null" else { return }
        do {
            _ = try await runner.run(Self.publishStatement, [name, json], idempotent: false, tenant: origin.keyID ?? "")
            onCommittedWrite?()
        } catch {
            logger.error(
                "a mutation's answer could not be published to its subscriptions",
                metadata: ["requestId": "\(origin.requestID)", "mutation": "\(name)", "error": "\(String(reflecting: error))"])
        }
    }

    /// The event payload (`{"data":{…}}` text, with `errors` when the answer does not complete against the
    /// selection) that a published answer `value` gives subscription `plan` (whose arguments it matches,
    /// `CustomSubscriptionPlan.wants`).
    package func payload(of value: JSONValue, for plan: CustomSubscriptionPlan) -> String? {
        guard let shape = plan.field.shape else { return nil }
        var shaper = ResultShaper(requestID: "", locations: [])
        let completed = shaper.complete(value, shape: shape, path: [plan.responseKey], parent: "Subscription")
        return ResponseJSON.body(data: JSONText.encode(.object([(plan.responseKey, completed)])), errors: shaper.errors)
    }
}
