import APISchema
import CatalogModels
import Foundation
import ModelGraphClient
import Testing

/// The Swift client with the catalog fixture: a three-field key with an enum, index queries with a sort-key
/// condition and a direction, a composite sort key, a hasMany through an index, defaults and lists.
@Suite("Client end to end: keys and index queries")
struct ClientKeyQueryTests {
    @Test("index query with a sort-key condition and descending order, paged; composite sort key; get by a three-field identifier; hasMany by index")
    func keysAndIndexes() async throws {
        let server = try await LiveServer.start(schema: "catalog", surface: .appSync)
        defer { server.stop() }
        let client = APIClient(endpoint: server.url, authorization: .apiKey(server.key))
        let shelf = try await client.mutate(.create(Shelf(id: "s1", label: "Top")))
        _ = try await client.mutate(.create(Shelf(id: "s2", label: "Bottom")))
        let dates = [("a", "2024-01-05"), ("b", "2024-03-01"), ("c", "2023-12-31")]
        for (sku, date) in dates {
            _ = try await client.mutate(
                .create(Item(sku: sku, kind: .book, version: 1, shelfId: shelf.id, addedOn: date, title: "Item \(sku)", tags: ["x"], region: "eu", zone: "z1", rack: 2)))
        }
        let other = try await client.mutate(.create(Item(sku: "d", kind: .game, version: 2, shelfId: "s2", addedOn: "2024-02-02", title: "Other")))
        #expect(other.price == 9.5, "a field left out of the create takes its @default")

        let recent = try await client.query(.itemsByShelfIdAndAddedOn(shelfId: "s1", addedOn: .ge("2024-01-01"), sortDirection: .descending))
        #expect(recent.map(\.sku) == ["b", "a"])
        let between = try await client.query(.itemsByShelfIdAndAddedOn(shelfId: "s1", addedOn: .between("2023-12-01", "2024-01-31")))
        #expect(between.map(\.sku) == ["c", "a"])

        var page = try await client.query(.itemsByShelfIdAndAddedOn(shelfId: "s1", limit: 1))
        var skus = page.map(\.sku)
        while page.hasNextPage() {
            page = try await page.getNextPage()
            skus += page.map(\.sku)
        }
        #expect(skus == ["c", "a", "b"])

        let rack = try await client.query(
            .itemsByRegionAndZoneAndRack(region: "eu", zoneRack: .object(["eq": .object(["zone": .string("z1"), "rack": .int(2)])]), where: Item.keys.sku != "a"))
        #expect(rack.map(\.sku).sorted() == ["b", "c"])

        _ = try await client.mutate(.create(Item(sku: "a", kind: .game, version: 3, shelfId: "s2", addedOn: "2024-04-04", title: "A game")))
        let versions = try await client.query(
            .listItems(sku: "a", kindVersion: .object(["beginsWith": .object(["kind": .string("GAME")])]), sortDirection: .descending))
        #expect(versions.map(\.title) == ["A game"])
        #expect(try await client.query(.listItems(sku: "a", sortDirection: .descending)).map(\.kind) == [.game, .book])

        let item = try #require(try await client.query(.get(Item.self, byIdentifier: .identifier(sku: "d", kind: .game, version: 2))))
        #expect(item.title == "Other")
        #expect(item.tags == nil)
        #expect(try await client.query(.get(Item.self, byIdentifier: .identifier(sku: "d", kind: .book, version: 2))) == nil)

        let loaded = try #require(try await client.query(.get(Shelf.self, byIdentifier: "s1")))
        try await loaded.items.fetch()
        #expect(loaded.items.map(\.sku).sorted() == ["a", "b", "c"])
        let included = try #require(try await client.query(.get(Shelf.self, byIdentifier: "s1", includes: { shelf in [shelf.items] })))
        #expect(included.items.count == 3)
    }
}
