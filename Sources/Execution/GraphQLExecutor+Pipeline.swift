import JSON
import ModelIR
import Planner

/// Why a pipeline of functions stopped.
struct PipelineFailure: Error {
    /// What the client is told.
    var message: String
    /// The error's `errorType`: the function's own, else `Lambda:Unhandled` as AppSync reports a failed call.
    var errorType = "Lambda:Unhandled"
    /// True when the call that failed was the last one and sent without waiting (`invocationType: Event`).
    var lastSentWithoutWaiting = false
}

extension GraphQLExecutor {
    /// Calls `steps` in order, each with AppSync's resolver event for `plan`'s field and the previous answer as
    /// `prev.result` (`{}` for the first); the last answer, or why the pipeline stopped. A step sent without
    /// waiting answers `{"success": true}` once handed over.
    func callPipeline(_ steps: [FunctionStep], plan: CustomFieldPlan, origin: RequestOrigin) async -> Result<JSONValue, PipelineFailure> {
        await callPipeline(steps, origin: origin) { previous, details in CustomEvent.event(plan, origin: origin, details: details, previous: previous) }
    }

    /// Calls `steps` in order with the events `event` makes of the previous answer and the request's details.
    func callPipeline(
        _ steps: [FunctionStep], origin: RequestOrigin, event: (JSONValue, RequestDetails) -> JSONValue
    ) async -> Result<JSONValue, PipelineFailure> {
        var previous: JSONValue = .object([])
        // What the events tell of the request is read once for the whole pipeline.
        let details = origin.details()
        for step in steps {
            guard let functions else {
                return .failure(PipelineFailure(message: "No endpoint is configured for function '\(step.name)': start serve with --function \(step.name)=URL."))
            }
            switch await functions.invoke(step.name, event: event(previous, details), async: step.isAsync) {
            case .answer(let answer): previous = step.isAsync ? .object([("success", .boolean(true))]) : answer
            case .functionError(let type, let message): return .failure(PipelineFailure(message: message, errorType: type))
            case .failed(let message): return .failure(PipelineFailure(message: message, lastSentWithoutWaiting: step.isAsync && step == steps.last))
            }
        }
        return .success(previous)
    }
}
