import Telemetry
import Tracing

/// The span of one delivery batch of subscriptions, made only while tracing is on: a trace of its own (the
/// writes it delivers belong to other requests' traces), named `modelgraph.subscription.deliver`, with the
/// changes in the batch and the events and connections it went to. Its delivery statements' pool waits and
/// runs are its children.
enum DeliveryTrace {
    /// Delivers `changes` through `hub` under the batch's span.
    static func deliver(_ changes: [Change], by hub: SubscriptionHub) async {
        let span = Telemetry.tracer.startSpan("modelgraph.subscription.deliver", context: .topLevel, ofKind: .consumer)
        span.attributes["modelgraph.subscription.changes"] = changes.count
        let delivered = await ServiceContext.$current.withValue(span.context) {
            await Telemetry.$recording.withValue(span.isRecording) { await hub.deliver(changes) }
        }
        span.updateAttributes { attributes in
            attributes["modelgraph.subscription.events"] = delivered.events
            attributes["modelgraph.subscription.connections"] = delivered.connections
        }
        span.end()
    }
}
