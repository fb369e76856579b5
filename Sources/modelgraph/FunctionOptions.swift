import ArgumentParser
import Execution
import Foundation
import Functions
import ModelIR

/// `--function NAME=URL` (repeatable; env `MODELGRAPH_FUNCTIONS` as `NAME=URL,NAME=URL`, or the config file) and
/// the limits of every call: where each function that custom operations name (`@function(name:)`) answers.
struct FunctionOptions: ParsableArguments {
    static let environmentName = "MODELGRAPH_FUNCTIONS"

    @Option(
        name: .customLong("function"),
        help: ArgumentHelp(
            "Where a function of the schema's custom operations answers: NAME=URL, repeatable (env MODELGRAPH_FUNCTIONS, comma-separated). A Lambda container's runtime interface emulator answers at http://HOST:PORT/2015-03-31/functions/function/invocations.",
            valueName: "name=url"))
    var functions: [String] = []

    @Option(help: ArgumentHelp("The longest a function call may take, in milliseconds (default 30000; env MODELGRAPH_FUNCTION_TIMEOUT_MS).", valueName: "ms"))
    var functionTimeout: Int?

    @Option(help: ArgumentHelp("The largest answer read from a function, in bytes (default 6291456; env MODELGRAPH_FUNCTION_MAX_ANSWER).", valueName: "bytes"))
    var functionMaxAnswer: Int?

    @Option(help: ArgumentHelp("How many calls of one function may be in flight at once (default 64; env MODELGRAPH_FUNCTION_CONCURRENCY).", valueName: "calls"))
    var functionConcurrency: Int?

    /// The function name → URL map the options and environment give.
    func endpoints(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String: String] {
        var pairs = functions
        if pairs.isEmpty, let listed = environment[Self.environmentName] {
            pairs = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var result: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UserError("--function takes NAME=URL, not '\(pair)'.")
            }
            let name = String(pair[..<equals])
            let url = String(pair[pair.index(after: equals)...])
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw UserError("--function \(name): '\(url)' is not an http:// or https:// URL.")
            }
            result[name] = url
        }
        return result
    }

    /// The limits the options and environment give.
    func limits(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> HTTPFunctions.Limits {
        func value(_ given: Int?, _ name: String, _ fallback: Int, _ range: ClosedRange<Int>, _ option: String) throws -> Int {
            guard let chosen = given ?? environment[name].flatMap({ Int($0) }) else { return fallback }
            guard range.contains(chosen) else { throw UserError("--\(option) (or \(name)) must be \(range.lowerBound) to \(range.upperBound).") }
            return chosen
        }
        return HTTPFunctions.Limits(
            timeout: .milliseconds(try value(functionTimeout, "MODELGRAPH_FUNCTION_TIMEOUT_MS", 30_000, 1...900_000, "function-timeout")),
            maximumAnswerBytes: try value(functionMaxAnswer, "MODELGRAPH_FUNCTION_MAX_ANSWER", 6 << 20, 1...(256 << 20), "function-max-answer"),
            concurrency: try value(functionConcurrency, "MODELGRAPH_FUNCTION_CONCURRENCY", 64, 1...10_000, "function-concurrency"))
    }

    /// The invoker for `schema`'s functions, or nil when it names none. A function no option maps is reported
    /// by `unmapped`, for the start-up log.
    func invoker(for schema: ModelIR.Schema) throws -> (invoker: HTTPFunctions?, unmapped: [String]) {
        let names = Self.functionNames(in: schema)
        guard !names.isEmpty else { return (nil, []) }
        let invoker = HTTPFunctions(endpoints: try endpoints(), limits: try limits())
        return (invoker, names.filter { invoker.endpoint(for: $0) == nil })
    }

    /// The sender of the schema's `@http` calls, under the same limits as function calls, with `${env}` and
    /// `${aws_region}` from `MODELGRAPH_ENV` and `AWS_REGION`; nil when the schema has no `@http` field.
    func httpResolvers(for schema: ModelIR.Schema) throws -> HTTPResolvers? {
        guard schema.customOperations.contains(where: { if case .http = $0.handler { true } else { false } }) else { return nil }
        let environment = ProcessInfo.processInfo.environment
        var variables: [String: String] = [:]
        variables["env"] = environment["MODELGRAPH_ENV"]
        variables["aws_region"] = environment["AWS_REGION"]
        return HTTPResolvers(limits: try limits(), variables: variables)
    }

    /// Every function the schema's custom operations name, in order of first use.
    static func functionNames(in schema: ModelIR.Schema) -> [String] {
        var names: [String] = []
        for operation in schema.customOperations {
            var steps: [FunctionStep] = []
            switch operation.handler {
            case .functions(let pipeline): steps = pipeline
            case .subscribe(let source): steps = source.functions
            case .sql, .http: break
            }
            for step in steps where !names.contains(step.name) { names.append(step.name) }
        }
        return names
    }
}
