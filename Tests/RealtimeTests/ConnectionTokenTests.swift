import JSON
import Realtime
import Testing

/// Encoded authorization objects holding a signed-in user's token, computed outside Swift (Python's `base64`).
private enum EncodedToken {
    /// `{"host":"example.com","Authorization":"eyJ.sub.token"}`, URL-safe, no padding (amplify-js 6.6's subprotocol).
    static let subprotocolObject = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJBdXRob3JpemF0aW9uIjoiZXlKLnN1Yi50b2tlbiJ9"
    /// `{"host":"example.com","authorization":"Bearer eyJ.query.token","x-api-key":"mg_query_key"}`, standard.
    static let queryObject =
        "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJhdXRob3JpemF0aW9uIjoiQmVhcmVyIGV5Si5xdWVyeS50b2tlbiIsIngtYXBpLWtleSI6Im1nX3F1ZXJ5X2tleSJ9"
}

/// Where an AppSync real-time client put a signed-in user's token (`Authorization`): the same places as the API
/// key, looked through independently of it.
@Suite("ConnectionAuthorization: where a real-time client put its token")
struct ConnectionTokenTests {
    private func find(
        query: [(name: String, value: String)] = [], subprotocols: [String] = [], headers: [(name: String, value: String)] = []
    ) -> ConnectionAuthorization {
        ConnectionAuthorization.find(queryParameters: query, offeredSubprotocols: subprotocols, headers: headers)
    }

    @Test("the Authorization entry of a header- subprotocol, of the header query parameter, or an Authorization header")
    func places() {
        #expect(find(subprotocols: ["graphql-ws", "header-\(EncodedToken.subprotocolObject)"]).token == "eyJ.sub.token")
        let query = find(query: [("header", EncodedToken.queryObject), ("payload", "e30=")])
        #expect(query == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter, token: "Bearer eyJ.query.token"))
        #expect(find(headers: [("AUTHORIZATION", "  eyJ.header.token ")]).token == "eyJ.header.token")
    }

    @Test("the token and the key are found independently: each from the first place that holds it")
    func independent() {
        let found = find(
            query: [("header", EncodedToken.queryObject)], subprotocols: ["graphql-ws", "header-\(EncodedToken.subprotocolObject)"], headers: [("x-api-key", "mg_header")])
        #expect(found == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter, token: "eyJ.sub.token"))
        #expect(find(headers: [("x-api-key", "mg_header")]).token == nil)
        #expect(find(headers: [("authorization", "")]).token == nil)
    }

    @Test("token(in:): the Authorization entry in any case, as a start's extensions.authorization or a connection_init payload holds it")
    func tokenIn() {
        #expect(ConnectionAuthorization.token(in: .object([("host", .string("h")), ("Authorization", .string("eyJ.a.b"))])) == "eyJ.a.b")
        #expect(ConnectionAuthorization.token(in: .object([("authorization", .string("Bearer eyJ.a.b"))])) == "Bearer eyJ.a.b")
        #expect(ConnectionAuthorization.token(in: .object([("Authorization", .string(""))])) == nil)
        #expect(ConnectionAuthorization.token(in: .object([("Authorization", .int(1))])) == nil)
        #expect(ConnectionAuthorization.token(in: .object([("x-api-key", .string("mg_a"))])) == nil)
        #expect(ConnectionAuthorization.token(in: .string("eyJ.a.b")) == nil)
    }
}
