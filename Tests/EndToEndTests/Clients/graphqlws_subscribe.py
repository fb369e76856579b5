"""Subscribes with gql's WebsocketsTransport speaking graphql-transport-ws (the graphql-ws library's protocol,
the API key in connection_init's payload) and creates records over HTTP until every subscription has had its
events (see clientlib); then runs `--query` over the same connection and prints
{"kind": "query", "data": <its data>}.
"""

from gql import Client, GraphQLRequest
from gql.transport.websockets import WebsocketsTransport

import clientlib


async def main():
    arguments = clientlib.parser(__doc__)
    arguments.add_argument("--websocket", required=True, help="the endpoint, ws://HOST:PORT/graphql")
    arguments.add_argument("--query", help="a query run over the socket after the subscriptions")
    options = arguments.parse_args()
    transport = WebsocketsTransport(
        url=options.websocket,
        subprotocols=[WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL],
        init_payload={"x-api-key": options.key},
        connect_args={"proxy": None},
    )
    async with Client(transport=transport) as session:
        if transport.subprotocol != WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL:
            clientlib.fail(f"the server chose {transport.subprotocol!r}, not graphql-transport-ws")
        await clientlib.subscribe_and_create(session, options)
        if options.query:
            data = await session.execute(GraphQLRequest(options.query))
            clientlib.emit({"kind": "query", "data": data})


clientlib.run(main)
