import Logging
import ServiceLifecycle

#if OpenTelemetry
    import OTel
    import Synchronization
    import Telemetry
    import Tracing
#endif

/// Starts trace export for `serve`: once per process, before the server is built. In a build without the
/// `OpenTelemetry` trait there is no exporter, and asking for one is an error that says how to build it.
enum TracingBootstrap {
    #if OpenTelemetry
        /// Whether export was started in this process (the tracing system may be bootstrapped only once).
        private static let started = Mutex(false)

        /// True the first time only.
        private static func claimOnce() -> Bool {
            started.withLock { done in
                defer { done = true }
                return !done
            }
        }
    #endif

    /// Turns tracing on as `settings` say; the exporter's service, which must run beside the server (it sends
    /// the batches, and the last ones as it stops).
    static func start(_ settings: TracingSettings, logger: Logger) throws -> any Service {
        #if OpenTelemetry
            guard claimOnce() else { throw UserError("Trace export was already started in this process.") }
            var configuration = OTel.Configuration.default
            configuration.serviceName = settings.serviceName
            configuration.logs.enabled = false
            configuration.metrics.enabled = false
            configuration.diagnosticLogger = .custom(logger)
            configuration.diagnosticLogLevel = .warning
            let service = try OTel.bootstrap(configuration: configuration, environment: settings.environment)
            Telemetry.enable(tracer: InstrumentationSystem.tracer)
            logger.info(
                "exporting traces to \(settings.endpoint) as \(settings.serviceName) (sampler \(settings.sampler)\(settings.ratio.map { " \($0)" } ?? ""))")
            return service
        #else
            throw UserError(
                "Trace export (\(settings.endpoint)) needs a modelgraph built with the OpenTelemetry trait: `swift build --traits OpenTelemetry` (or `swift run --traits OpenTelemetry modelgraph serve …`); unset OTEL_EXPORTER_OTLP_ENDPOINT or drop --otlp-endpoint to serve without traces."
            )
        #endif
    }
}
