"""Subscribes with gql's AppSyncWebsocketsTransport (AppSync's `graphql-ws` protocol, the API key in the
`header` query parameter and in each start's `extensions.authorization`) and creates records over HTTP until
every subscription has had its events; see clientlib for the output. Several `--subscription`s share one
connection (gql numbers them "1", "2", …).
"""

from urllib.parse import urlparse

from gql import Client
from gql.transport.appsync_auth import AppSyncApiKeyAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport

import clientlib


async def main():
    arguments = clientlib.parser(__doc__)
    arguments.add_argument("--realtime", required=True, help="the real-time endpoint, ws://HOST:PORT/graphql/realtime")
    options = arguments.parse_args()
    host = urlparse(options.realtime).netloc
    transport = AppSyncWebsocketsTransport(
        url=options.realtime,
        auth=AppSyncApiKeyAuthentication(host=host, api_key=options.key),
        connect_args={"proxy": None},
    )
    async with Client(transport=transport) as session:
        await clientlib.subscribe_and_create(session, options)


clientlib.run(main)
