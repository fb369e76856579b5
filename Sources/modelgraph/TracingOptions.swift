import ArgumentParser
import Foundation

/// `serve`'s trace export (docs/observability.md): off unless an OTLP endpoint is given, by option or by the
/// standard `OTEL_*` variables. Every value is checked here, so the exporter is only ever handed settings it
/// supports; what it reads is the environment `TracingSettings.environment` builds, never the process's own.
struct TracingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Export traces over OTLP/HTTP to this collector URL, e.g. http://localhost:4318 (spans go to its /v1/traces; env OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT for the full URL). Off without it.",
            valueName: "url"))
    var otlpEndpoint: String?

    @Option(help: ArgumentHelp("The service name traces carry (env OTEL_SERVICE_NAME; default modelgraph).", valueName: "name"))
    var serviceName: String?

    @Option(
        help: ArgumentHelp(
            "Which traces are kept: \(TracingSettings.samplers.joined(separator: ", ")) (env OTEL_TRACES_SAMPLER; default parentbased_always_on, or parentbased_traceidratio with --trace-sample-ratio).",
            valueName: "sampler"))
    var traceSampler: String?

    @Option(help: ArgumentHelp("The share of traces kept by a ratio sampler, from 0 to 1 (env OTEL_TRACES_SAMPLER_ARG).", valueName: "ratio"))
    var traceSampleRatio: String?

    /// The export the options and `environment` ask for, checked; nil when they ask for none.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TracingSettings? {
        func given(_ option: String?, _ name: String) -> String? {
            if let option, !option.isEmpty { return option }
            if let value = environment[name], !value.isEmpty { return value }
            return nil
        }
        if environment["OTEL_SDK_DISABLED"]?.lowercased() == "true" { return nil }
        let tracesURL = otlpEndpoint == nil ? given(nil, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") : nil
        guard let endpoint = tracesURL ?? given(otlpEndpoint, "OTEL_EXPORTER_OTLP_ENDPOINT") else { return nil }
        guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw UserError("The OTLP endpoint must be an http:// or https:// URL such as http://localhost:4318; got '\(endpoint)'.")
        }
        for name in ["OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] {
            if let value = environment[name], !value.isEmpty, value != "http/protobuf" {
                throw UserError("\(name) must be http/protobuf (ModelGraph exports traces over OTLP/HTTP only); got '\(value)'.")
            }
        }
        if let exporter = environment["OTEL_TRACES_EXPORTER"], !exporter.isEmpty, exporter != "otlp" {
            throw UserError("OTEL_TRACES_EXPORTER must be otlp (or unset) when an OTLP endpoint is given; got '\(exporter)'.")
        }
        let ratioText = given(traceSampleRatio, "OTEL_TRACES_SAMPLER_ARG")
        let sampler = given(traceSampler, "OTEL_TRACES_SAMPLER") ?? (ratioText == nil ? "parentbased_always_on" : "parentbased_traceidratio")
        guard TracingSettings.samplers.contains(sampler) else {
            throw UserError("The trace sampler must be one of \(TracingSettings.samplers.joined(separator: ", ")); got '\(sampler)'.")
        }
        var ratio: Double?
        if let ratioText {
            guard let value = Double(ratioText), (0...1).contains(value) else {
                throw UserError("The trace sample ratio must be a number from 0 to 1; got '\(ratioText)'.")
            }
            guard sampler.hasSuffix("traceidratio") else {
                throw UserError("A trace sample ratio needs a ratio sampler (traceidratio or parentbased_traceidratio), not \(sampler).")
            }
            ratio = value
        }
        return TracingSettings(
            endpoint: endpoint, isTracesURL: tracesURL != nil, serviceName: given(serviceName, "OTEL_SERVICE_NAME") ?? "modelgraph", sampler: sampler, ratio: ratio,
            passedOn: environment.filter { TracingSettings.passedOn.contains($0.key) })
    }
}

/// A checked trace export: where to, under which name, which traces.
struct TracingSettings: Equatable {
    /// The samplers the exporter supports (OpenTelemetry's names).
    static let samplers = ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"]
    /// Variables handed on as they are: the exporter's headers and timeout, resource attributes, the batching.
    /// The exporter reads them leniently (a value it cannot read is kept at its default, with a warning).
    static let passedOn: Set<String> = [
        "OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS", "OTEL_EXPORTER_OTLP_TIMEOUT", "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT",
        "OTEL_RESOURCE_ATTRIBUTES", "OTEL_BSP_SCHEDULE_DELAY", "OTEL_BSP_EXPORT_TIMEOUT", "OTEL_BSP_MAX_QUEUE_SIZE", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE",
    ]

    /// The collector's base URL (spans go to its `/v1/traces`), or with `isTracesURL` the full URL spans go to.
    var endpoint: String
    var isTracesURL: Bool
    var serviceName: String
    var sampler: String
    var ratio: Double?
    /// The `passedOn` variables the process was given.
    var passedOn: [String: String]

    /// The only environment the exporter reads.
    var environment: [String: String] {
        var environment = passedOn
        environment[isTracesURL ? "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT"] = endpoint
        environment["OTEL_EXPORTER_OTLP_PROTOCOL"] = "http/protobuf"
        environment["OTEL_SERVICE_NAME"] = serviceName
        environment["OTEL_TRACES_SAMPLER"] = sampler
        if let ratio { environment["OTEL_TRACES_SAMPLER_ARG"] = String(ratio) }
        return environment
    }
}
