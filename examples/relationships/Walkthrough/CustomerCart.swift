// examples/customer-cart.graphql: a Customer has one Cart, which holds the reference. Create a customer and its
// cart, read each side lazily and eagerly, move the cart to another customer, clear the cart's customer.
import CustomerCartModels
import ModelGraphClient

/// The customer-cart (hasOne) guide.
@Sendable func customerCart(_ guide: Guide) async throws {
    let client = guide.client
    let ann = try await client.mutate(.create(Customer(id: "ann-\(guide.run)", name: "Ann")))
    let bo = try await client.mutate(.create(Customer(id: "bo-\(guide.run)", name: "Bo")))
    var cart = try await client.mutate(.create(Cart(items: ["apple", "pear"], customer: ann)))
    guide.step("created customers \(ann.id) and \(bo.id), and a cart for \(cart.customerId ?? "nobody")")
    try guide.expect(cart.customerId, ann.id, "the new cart's customerId")

    // Lazy, from the cart: its customer is a key until read, then one get.
    let plainCart = try await client.query(.get(Cart.self, byIdentifier: cart.id))
    let (owner, ownerRequests) = try await guide.counting { try await plainCart?.customer?.name }
    try guide.expect(owner, "Ann", "cart.customer, loaded when read")
    try guide.expect(ownerRequests, 1, "requests for the lazy customer")

    // Lazy, from the customer: the cart holds the reference, so the customer's side is found by it.
    let plainCustomer = try await client.query(.get(Customer.self, byIdentifier: ann.id))
    let (items, cartRequests) = try await guide.counting { try await plainCustomer?.activeCart?.items }
    try guide.expect(items, ["apple", "pear"], "customer.activeCart's items, loaded when read")
    try guide.expect(cartRequests, 1, "requests for the lazy cart")

    // Eager: the customer with its cart, and the cart's customer, in one request.
    let (eager, eagerRequests) = try await guide.counting {
        try await client.query(.get(Customer.self, byIdentifier: ann.id, includes: { customer in [customer.activeCart.customer] }))
    }
    let (eagerName, afterIncludes) = try await guide.counting { try await eager?.activeCart?.customer?.name }
    try guide.expect(eagerName, "Ann", "customer.activeCart.customer, included")
    try guide.expect(eagerRequests + afterIncludes, 1, "requests for the customer, its cart and the cart's customer")

    // Reassign: the cart now belongs to Bo; Ann has none.
    cart.setCustomer(bo)
    cart = try await client.mutate(.update(cart))
    try guide.expect(try await client.query(.get(Customer.self, byIdentifier: bo.id))?.activeCart?.id, cart.id, "\(bo.name ?? "")'s cart after the move")
    try guide.expect(try await client.query(.get(Customer.self, byIdentifier: ann.id))?.activeCart?.id, nil, "\(ann.name ?? "")'s cart after the move")

    // Detach: the reference is optional, so the cart can belong to nobody; neither record is deleted.
    cart.setCustomer(nil)
    cart = try await client.mutate(.update(cart))
    try guide.expect(cart.customerId, nil, "the cart's customerId after clearing it")
    try guide.expect(try await client.query(.get(Customer.self, byIdentifier: bo.id))?.activeCart?.id, nil, "\(bo.name ?? "")'s cart after clearing")
    try guide.expect(try await client.query(.get(Cart.self, byIdentifier: cart.id))?.items, ["apple", "pear"], "the cart itself, still there")
}
