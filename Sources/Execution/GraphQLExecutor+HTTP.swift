import JSON
import ModelIR
import Planner

/// An `@http` field: the call its arguments make, and the answer read as AppSync reads it.
extension GraphQLExecutor {
    /// The field's JSON and errors. A `200` (or `201` for a method with a body) answer's JSON is the value (for a
    /// `String` field, a body that is not JSON is the text itself); any other status is an error whose message is
    /// the body and whose `errorType` is the status code, as AppSync reports it.
    func answerHTTP(
        _ handler: HTTPHandler, plan: CustomFieldPlan, key: String, origin: RequestOrigin
    ) async throws -> (
        json: String, errors: [ResponseError], databaseFailed: Bool
    ) {
        let call: HTTPResolverCall
        switch HTTPResolverCall.build(handler, arguments: plan.arguments, clientHeaders: origin.details().headers) {
        case .success(let built): call = built
        case .failure(let problem): return failure(problem.message, plan, key, origin, errorType: "BadRequestException")
        }
        guard let httpResolvers else { return failure("This server sends no @http calls.", plan, key, origin, errorType: "UnsupportedOperation") }
        switch await httpResolvers.send(call) {
        case .failed(let message):
            return failure(message, plan, key, origin, errorType: "HTTPError")
        case .answered(let status, let contentType, let body):
            guard status == 200 || (handler.sendsBody && status == 201) else {
                return failure(Self.errorText(body), plan, key, origin, errorType: String(status))
            }
            if contentType?.lowercased().contains("xml") == true {
                return failure("The endpoint answered XML; ModelGraph reads JSON answers only.", plan, key, origin, errorType: "HTTPError")
            }
            let value: JSONValue
            if let parsed = try? JSONReader.parse(body) {
                value = parsed
            } else if plan.operation.returnType == FieldType(.scalar(.string)), let text = String(validating: body, as: UTF8.self) {
                value = .string(text)
            } else {
                return failure("The endpoint answered something other than JSON.", plan, key, origin, errorType: "HTTPError")
            }
            if let read = plan.modelRead { return try await records(value, read: read, plan: plan, key: key, origin: origin) }
            guard let shape = plan.shape else { return ("null", [], false) }
            return shaped(value, plan: plan, shape: shape, key: key, origin: origin)
        }
    }

    /// An error answer's body as the error's message: its text, at most 4 KB of it.
    static func errorText(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        return body.count > 4096 ? text + "…" : text
    }
}
