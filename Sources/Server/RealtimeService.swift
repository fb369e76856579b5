package import Authentication
package import Execution
package import Logging
package import Postgres
package import Realtime
package import ServiceLifecycle
package import Store

/// Real-time delivery for one API: the endpoint the WebSocket upgrade hands sockets to, and the change feed.
package struct RealtimeDelivery: Sendable {
    /// What upgraded sockets run on.
    package let endpoint: RealtimeEndpoint
    /// This process's reader of the change log.
    package let feed: ChangeFeed
    /// The connection delivery statements run on.
    let deliveryClient: PostgresClient

    /// Installs the change log's trigger on every table with subscriptions, makes the hub and the feed, and
    /// hooks `executor` so the feed hears of each committed write at once. Without `authenticator`, connections
    /// prove themselves with API keys only.
    package static func prepare(
        executor: inout GraphQLExecutor, client: PostgresClient, keys: APIKeyStore, authenticator: Authenticator? = nil, settings: RealtimeSettings = RealtimeSettings(),
        feedConfiguration: ChangeFeed.Configuration? = nil, logger: Logger
    ) async throws -> RealtimeDelivery {
        try await ChangeLog.install(on: executor.subscribedTables, tombstones: executor.keepsTombstones, client: client)
        // Delivery statements run one batch at a time, on a connection of their own: a stream of events never
        // takes a request's place in the pool.
        var deliveryDatabase = client.configuration
        deliveryDatabase.connections = 1
        deliveryDatabase.pipelinedConnections = 0
        deliveryDatabase.applicationName = "modelgraph delivery"
        let deliveryClient = PostgresClient(configuration: deliveryDatabase)
        let hub = SubscriptionHub(executor: executor.running(on: deliveryClient), logger: logger, resumeWindow: settings.resumeWindow)
        // The feed LISTENs: it needs a session of its own, never one lent by a transaction pooler.
        var configuration = feedConfiguration ?? ChangeFeed.Configuration(conninfo: client.configuration.sessionConninfo)
        if configuration.startAfter == nil {
            configuration.startAfter = Int64(try await client.query(ChangeLog.newestStatement, idempotent: true).rows.first?[0] ?? "0") ?? 0
        }
        // A revocation announced by any process is forgotten here at once, for requests and subscriptions.
        let feed = try ChangeFeed(
            configuration: configuration, logger: logger,
            keysRevoked: { ids in
                keys.forget(ids: ids)
                Task { await hub.checkKeysOnce(keys) }
            },
            isInterested: { hub.subscriptionCount > 0 })
        executor.onCommittedWrite = { feed.noteLocalWrite() }
        return RealtimeDelivery(
            endpoint: RealtimeEndpoint(hub: hub, executor: executor, keys: keys, authenticator: authenticator, settings: settings), feed: feed, deliveryClient: deliveryClient)
    }

    /// The service that delivers events while the server runs.
    package var service: some Service {
        RealtimeService(hub: endpoint.hub, feed: feed, keys: endpoint.keys, deliveryClient: deliveryClient, keyCheckInterval: endpoint.settings.keyCheckInterval)
    }
}

/// Runs real-time delivery beside the HTTP server: the change feed's thread, the hub's delivery loop and its
/// key and token-expiry checks. On graceful shutdown it closes every real-time connection with its protocol's restart code
/// (1011 for AppSync clients, 1012 for graphql-ws ones, which both reconnect) before the HTTP server stops.
struct RealtimeService: Service {
    let hub: SubscriptionHub
    let feed: ChangeFeed
    let keys: APIKeyStore
    let deliveryClient: PostgresClient
    /// How often the keys of open connections are checked again: an announced revocation ends its
    /// subscriptions at once; one whose announcement was missed (the feed's connection was down) within this
    /// time plus the key cache's lifetime.
    let keyCheckInterval: Duration

    func run() async throws {
        feed.start()
        await withTaskCancellationHandler {
            await deliver()
        } onCancel: {
            hub.shutDown()
            feed.stop()
        }
        feed.stop()
        deliveryClient.shutdown()
    }

    private func deliver() async {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await hub.run(feed: feed) }
                group.addTask { await hub.checkKeys(keys, every: keyCheckInterval) }
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            hub.shutDown()
            feed.stop()
        }
    }
}
