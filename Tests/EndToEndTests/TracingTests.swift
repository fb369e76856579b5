#if OpenTelemetry
    import Foundation
    import JSON
    import TestSupport
    import Testing

    /// `serve` built with the OpenTelemetry trait, exporting to a real OTLP/HTTP receiver: the spans of a
    /// mutation, a nested query, failing requests and a subscription delivery, with their parents, attributes and
    /// order, an incoming `traceparent` continued, and no request value anywhere in them.
    @Suite("Tracing: spans exported over OTLP")
    struct TracingTests {
        /// A value no span may hold: it is sent as an argument, a variable and in a header.
        static let secret = "zebra-\(UUID().uuidString.prefix(8))"

        @Test("requests and a delivery batch, exported to an OTLP receiver, with the caller's trace continued")
        func spansOfRequestsAndDelivery() async throws {
            let receiver = try await OTLPReceiver.start()
            defer { receiver.stop() }
            let database = try await TestDatabase.makeDatabase()
            let folder = try CommandLineTests.projectFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let serve = try await ServeProcess.start(
                in: folder, arguments: ["--database-url", database, "--otlp-endpoint", receiver.endpoint],
                environment: ["OTEL_BSP_SCHEDULE_DELAY": "100", "OTEL_SERVICE_NAME": "modelgraph-tracing-test"])
            defer { if serve.process.isRunning { serve.process.terminate() } }
            let key = try serve.apiKey()
            let port = serve.port
            let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
            let callerSpan = "00f067aa0ba902b7"

            // A mutation sent with the caller's trace context; its value is the secret.
            let created = try await Self.post(
                port: port, key: key, query: #"mutation Create { createTeam(input: {mantra: "\#(Self.secret)"}) { id } }"#,
                headers: ["traceparent": "00-\(traceID)-\(callerSpan)-01", "tracestate": "vendor=opaque"])
            #expect(created.status == 200 && created.text.contains("\"id\""), "\(created.text)")
            // The same nested query twice (a plan-cache miss, then a hit), the secret as a variable.
            let nested = "query Nested($m: String!) { listTeams(filter: {mantra: {eq: $m}}) { items { id mantra members { items { id name } } } } }"
            for _ in 0..<2 {
                let answer = try await Self.post(port: port, key: key, query: nested, variables: ["m": Self.secret])
                #expect(answer.text.contains(Self.secret), "\(answer.text)")
            }
            // A document that does not validate, and a write whose condition fails in PostgreSQL.
            _ = try await Self.post(port: port, key: key, query: "query Broken { listTeams(nope: \"\(Self.secret)\") { items { id } } }")
            let conditional = try await Self.post(
                port: port, key: key, query: #"mutation Missing { updateTeam(input: {id: "\#(Self.secret)", mantra: "\#(Self.secret)"}) { id } }"#)
            #expect(conditional.text.contains("ConditionalCheckFailed"), "\(conditional.text)")
            // A subscription whose selection needs a delivery statement (a relationship the row image does not
            // hold), and writes until its events arrived.
            _ = try await PythonClient.run(
                "graphqlws_subscribe.py",
                [
                    "--websocket", "ws://127.0.0.1:\(port)/graphql", "--subscription", "subscription { onCreateTeam { id mantra members { items { id } } } }", "--http",
                    "http://127.0.0.1:\(port)/graphql", "--key", key, "--mutation", "mutation Create($input: CreateTeamInput!) { createTeam(input: $input) { id } }",
                    "--round", #"[{"input": {"mantra": "\#(Self.secret) {n}"}}]"#, "--count", "1",
                ])
            // A malformed traceparent: a new trace, and whatever is logged about it holds no other header.
            let garbled = try await Self.post(port: port, key: key, query: "query Garbled { listTeams { items { id } } }", headers: ["traceparent": "garbage"])
            #expect(garbled.status == 200)
            // SIGTERM: the exporter sends what it holds as the server stops.
            #expect(await serve.terminate() == 0)
            let spans = try receiver.spans()
            #expect(Set(spans.map(\.service)) == ["modelgraph-tracing-test"])

            // The mutation: the caller's trace continued, the request span the child of the caller's span.
            let mutationTrace = spans.filter { $0.traceID == traceID }
            let request = try #require(mutationTrace.first { $0.kind == 2 }, "\(mutationTrace)")
            #expect(request.name == "POST /graphql" && request.parentSpanID == callerSpan && request.traceState == "vendor=opaque")
            #expect(request.string("http.request.method") == "POST" && request.string("http.route") == "/graphql")
            #expect(request.int("http.response.status_code") == 200 && request.statusCode != 2)
            #expect(request.string("graphql.operation.name") == "Create" && request.string("graphql.operation.type") == "mutation")
            #expect(request.string("modelgraph.request.id")?.isEmpty == false)
            let plan = try #require(mutationTrace.first { $0.name == "graphql.plan" })
            #expect(plan.parentSpanID == request.spanID && plan.string("modelgraph.plan.cache") == "miss")
            let statement = try #require(mutationTrace.first { $0.name == "modelgraph.statement" })
            #expect(statement.parentSpanID == request.spanID && statement.string("db.system.name") == "postgresql")
            #expect(statement.string("modelgraph.plan.id")?.isEmpty == false && statement.int("db.response.returned_rows") == 1)
            #expect(plan.string("graphql.operation.type") == "mutation")
            // The statement's own pool wait and run (the API key's check before it has a pair of its own).
            let wait = try #require(mutationTrace.first { $0.name == "postgresql.pool_wait" && $0.parentSpanID == statement.spanID }, "\(mutationTrace)")
            let execute = try #require(mutationTrace.first { $0.name == "postgresql.execute" && $0.parentSpanID == statement.spanID })
            #expect(execute.kind == 3 && execute.string("db.system.name") == "postgresql")
            // In order: the request holds planning, then the statement; the statement holds the wait, then the run.
            #expect(request.start <= plan.start && plan.end <= statement.start && statement.end <= request.end)
            #expect(statement.start <= wait.start && wait.end <= execute.start && execute.end <= statement.end)

            // The nested query: its own trace (no traceparent), planned once and then taken from the cache.
            let nestedRequests = spans.filter { $0.kind == 2 && $0.string("graphql.operation.name") == "Nested" }
            #expect(nestedRequests.count == 2 && nestedRequests.allSatisfy { $0.parentSpanID.isEmpty && $0.traceID != traceID })
            let caching = nestedRequests.sorted { $0.start < $1.start }.compactMap { request in
                spans.first { $0.traceID == request.traceID && $0.name == "graphql.plan" }?.string("modelgraph.plan.cache")
            }
            #expect(caching == ["miss", "hit"])
            for nestedRequest in nestedRequests {
                let children = spans.filter { $0.traceID == nestedRequest.traceID }
                #expect(children.contains { $0.name == "modelgraph.statement" && $0.parentSpanID == nestedRequest.spanID && $0.string("modelgraph.plan.id") != nil })
            }

            // The failures: marked with their error types, never their messages.
            let brokenPlan = try #require(spans.first { $0.name == "graphql.plan" && $0.string("error.type") == "GraphQLValidation" }, "\(spans)")
            #expect(brokenPlan.statusCode == 2)
            // A document that does not validate has no operation name or type on its request span.
            let broken = try #require(spans.first { $0.kind == 2 && $0.spanID == brokenPlan.parentSpanID })
            #expect(broken.statusCode == 2 && broken.string("error.type") == "GraphQLError" && broken.string("graphql.operation.name") == nil)
            let missing = try #require(spans.first { $0.kind == 2 && $0.string("graphql.operation.name") == "Missing" })
            #expect(missing.statusCode == 2 && missing.string("error.type")?.contains("ConditionalCheckFailed") == true)
            let failedStatement = try #require(spans.first { $0.traceID == missing.traceID && $0.name == "modelgraph.statement" })
            #expect(failedStatement.statusCode == 2 && failedStatement.string("error.type") == "ConditionalCheckFailed")

            // The delivery batch: a trace of its own, with its delivery statement's pool wait and run under it.
            let deliveries = spans.filter { $0.name == "modelgraph.subscription.deliver" }
            let delivered = try #require(deliveries.first { ($0.int("modelgraph.subscription.events") ?? 0) > 0 }, "\(deliveries)")
            #expect(delivered.parentSpanID.isEmpty && delivered.kind == 5 && (delivered.int("modelgraph.subscription.changes") ?? 0) >= 1)
            #expect(delivered.int("modelgraph.subscription.connections") == 1)
            #expect(spans.contains { $0.parentSpanID == delivered.spanID && $0.name == "postgresql.execute" })

            let garbledRequest = try #require(spans.first { $0.kind == 2 && $0.string("graphql.operation.name") == "Garbled" })
            #expect(garbledRequest.parentSpanID.isEmpty)
            #expect(!serve.logText.contains(Self.secret))

            // No request value in any span.
            let leaks = spans.filter { $0.attributeText.contains(Self.secret) || $0.name.contains(Self.secret) || $0.statusMessage.contains(Self.secret) }
            #expect(leaks.isEmpty, "\(leaks)")
        }

        @Test("a function call: its client span under the request, and the trace carried to the function in traceparent")
        func functionCallCarriesTheTrace() async throws {
            let receiver = try await OTLPReceiver.start()
            defer { receiver.stop() }
            let functions = try await FunctionServer.start { _, _ in .json(#"{"ok": true}"#) }
            defer { functions.stop() }
            let database = try await TestDatabase.makeDatabase()
            let folder = try CommandLineTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Fixtures.schemaSource("custom-operations").write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
            let serve = try await ServeProcess.start(
                in: folder, arguments: ["--database-url", database, "--otlp-endpoint", receiver.endpoint, "--function", "echo=\(functions.url("echo"))"],
                environment: ["OTEL_BSP_SCHEDULE_DELAY": "100"])
            defer { if serve.process.isRunning { serve.process.terminate() } }
            let traceID = "0af7651916cd43dd8448eb211c80319c"
            let answer = try await Self.post(
                port: serve.port, key: try serve.apiKey(), query: "query Echo($m: String!) { echo(message: $m) }", variables: ["m": Self.secret],
                headers: ["traceparent": "00-\(traceID)-b7ad6b7169203331-01"])
            #expect(answer.text.contains("ok"), "\(answer.text)")
            // A caller that did not sample its trace: nothing is recorded, and the function is told the trace, unsampled.
            let unsampled = "5bf92f3577b34da6a3ce929d0e0e4737"
            let quiet = try await Self.post(
                port: serve.port, key: try serve.apiKey(), query: "query Echo($m: String!) { echo(message: $m) }", variables: ["m": Self.secret],
                headers: ["traceparent": "00-\(unsampled)-b7ad6b7169203332-00"])
            #expect(quiet.text.contains("ok"), "\(quiet.text)")
            #expect(await serve.terminate() == 0)
            let exported = try receiver.spans()
            #expect(!exported.contains { $0.traceID == unsampled }, "\(exported.filter { $0.traceID == unsampled })")
            let spans = exported.filter { $0.traceID == traceID }
            let request = try #require(spans.first { $0.kind == 2 }, "\(spans)")
            let call = try #require(spans.first { $0.name == "modelgraph.function" }, "\(spans)")
            #expect(call.parentSpanID == request.spanID && call.kind == 3 && call.string("modelgraph.function.name") == "echo")
            #expect(call.string("server.address") == "127.0.0.1" && call.int("http.response.status_code") == 200 && call.statusCode != 2)
            #expect(request.start <= call.start && call.end <= request.end)
            // The function was told the trace and its caller: the function span.
            let sent = await functions.calls.traceparents
            #expect(sent.count == 2 && sent.first?.value == "00-\(traceID)-\(call.spanID)-01", "\(sent)")
            // The unsampled request's own (unrecorded) span is the function's parent, still unsampled.
            let quietParent = sent.last?.value ?? ""
            #expect(quietParent.hasPrefix("00-\(unsampled)-") && quietParent.hasSuffix("-00") && !quietParent.contains("b7ad6b7169203332"), "\(sent)")
            #expect(spans.allSatisfy { !$0.attributeText.contains(Self.secret) })
        }

        @Test("an @http field's call: its client span under the request, without the URL's path (it holds the arguments), and the trace carried to the endpoint")
        func httpResolverCallCarriesTheTrace() async throws {
            let receiver = try await OTLPReceiver.start()
            defer { receiver.stop() }
            let endpoint = try await FunctionServer.start(CustomHTTPOperationTests.script)
            defer { endpoint.stop() }
            let database = try await TestDatabase.makeDatabase()
            let folder = try CommandLineTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let schema = try Fixtures.schemaSource("custom-http").replacingOccurrences(of: "http://127.0.0.1:9/", with: "http://127.0.0.1:\(endpoint.port)/")
            try schema.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
            let serve = try await ServeProcess.start(
                in: folder, arguments: ["--database-url", database, "--otlp-endpoint", receiver.endpoint], environment: ["OTEL_BSP_SCHEDULE_DELAY": "100"])
            defer { if serve.process.isRunning { serve.process.terminate() } }
            let traceID = "1af7651916cd43dd8448eb211c80319d"
            let answer = try await Self.post(
                port: serve.port, key: try serve.apiKey(), query: #"query Lookup($s: String!) { search(params: {section: $s}, query: {title: "t"}) { id } }"#,
                variables: ["s": Self.secret], headers: ["traceparent": "00-\(traceID)-c7ad6b7169203331-01"])
            #expect(answer.status == 200 && !answer.text.contains("errors"), "\(answer.text)")
            #expect(await serve.terminate() == 0)
            let spans = try receiver.spans().filter { $0.traceID == traceID }
            let request = try #require(spans.first { $0.kind == 2 }, "\(spans)")
            let call = try #require(spans.first { $0.name == "modelgraph.http_resolver" }, "\(spans)")
            #expect(call.parentSpanID == request.spanID && call.kind == 3 && call.string("http.request.method") == "GET")
            #expect(call.string("server.address") == "127.0.0.1" && call.int("http.response.status_code") == 200 && call.statusCode != 2)
            #expect(spans.allSatisfy { !$0.attributeText.contains(Self.secret) && !$0.name.contains(Self.secret) }, "\(spans)")
            let received = await endpoint.calls.events("rest")
            #expect(received.count == 1 && received.first?["headers"]?["traceparent"] == .string("00-\(traceID)-\(call.spanID)-01"), "\(received)")
        }

        /// Posts `query` (with `variables`) to `/graphql` with `headers` added.
        static func post(port: Int, key: String, query: String, variables: [String: Any]? = nil, headers: [String: String] = [:]) async throws -> TestHTTP.Answer {
            var request: [String: Any] = ["query": query]
            if let variables { request["variables"] = variables }
            let body = try JSONSerialization.data(withJSONObject: request)
            let fields = ["Content-Type": "application/json", "x-api-key": key, "x-secret": secret].merging(headers) { $1 }
            return try await TestHTTP.send(URL(string: "http://127.0.0.1:\(port)/graphql")!, body: body, headers: fields)
        }
    }
#endif
