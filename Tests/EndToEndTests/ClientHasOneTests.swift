import APISchema
import CustomerCartModels
import Foundation
import ModelGraphClient
import Testing

/// The Swift client with examples/customer-cart.graphql: Customer.activeCart is a hasOne whose Cart holds the
/// reference, Cart.customer its belongsTo.
@Suite("Client end to end: hasOne")
struct ClientHasOneTests {
    @Test("a hasOne is selected only when included, loads lazily by the reference pointing back, and follows a reassignment")
    func hasOne() async throws {
        let server = try await LiveServer.start(schema: "customer-cart", surface: .appSync)
        defer { server.stop() }
        let client = APIClient(endpoint: server.url, authorization: .apiKey(server.key))
        let ann = try await client.mutate(.create(Customer(id: "ann", name: "Ann")))
        let bo = try await client.mutate(.create(Customer(id: "bo", name: "Bo")))
        var cart = try await client.mutate(.create(Cart(id: "c1", items: ["apple", "pear"], customer: ann)))
        #expect(cart.customerId == "ann")
        #expect(cart.items == ["apple", "pear"])

        let included = try #require(try await client.query(.get(Customer.self, byIdentifier: "ann", includes: { customer in [customer.activeCart] })))
        #expect(try await included.activeCart?.items == ["apple", "pear"])
        let lazy = try #require(try await client.query(.get(Customer.self, byIdentifier: "ann")))
        #expect(try await lazy.activeCart?.id == "c1")
        #expect(try await cart.customer?.name == "Ann")

        cart.setCustomer(bo)
        cart = try await client.mutate(.update(cart, includes: { cart in [cart.customer] }))
        #expect(try await cart.customer?.name == "Bo")
        #expect(try await client.query(.get(Customer.self, byIdentifier: "ann"))?.activeCart == nil)
        #expect(try await client.query(.get(Customer.self, byIdentifier: "bo", includes: { customer in [customer.activeCart.customer] }))?.activeCart?.id == "c1")
    }
}
