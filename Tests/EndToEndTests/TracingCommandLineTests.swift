import Foundation
import Testing

/// `serve`'s tracing options refused before anything starts: values the exporter does not support, and, in a
/// build without the OpenTelemetry trait, any request to export at all.
@Suite("Command line: tracing options")
struct TracingCommandLineTests {
    @Test("an unsupported sampler, ratio or protocol is refused with what is accepted, before any database work")
    func unsupportedValues() async throws {
        let endpoint = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9"]
        for (environment, arguments, expected) in [
            (endpoint.merging(["OTEL_TRACES_SAMPLER": "xray"]) { $1 }, [String](), "The trace sampler must be one of always_on"),
            (endpoint, ["--trace-sample-ratio", "2"], "The trace sample ratio must be a number from 0 to 1; got '2'."),
            (endpoint.merging(["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"]) { $1 }, [], "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf"),
            ([:], ["--otlp-endpoint", "localhost:4318"], "The OTLP endpoint must be an http:// or https:// URL"),
        ] {
            let (status, _, error) = try await CommandLineTests.run(["serve", "--database-url", "postgresql:///nowhere"] + arguments, environment: environment)
            #expect(status != 0 && error.contains(expected), "\(environment) \(arguments): \(error)")
        }
    }

    #if !OpenTelemetry
        @Test("a build without the OpenTelemetry trait asked to export says how to build one")
        func exportNeedsTheTrait() async throws {
            for (environment, arguments) in [(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"], [String]()), ([:], ["--otlp-endpoint", "http://127.0.0.1:4318"])] {
                let (status, _, error) = try await CommandLineTests.run(["serve", "--database-url", "postgresql:///nowhere"] + arguments, environment: environment)
                #expect(status != 0 && error.contains("swift build --traits OpenTelemetry"), "\(error)")
            }
        }
    #endif
}
