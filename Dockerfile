# Build and run ModelGraph. The image serves /app/schema.graphql with the migrations in /app/migrations; mount your
# own over them, or build from your project.
#
# On its own the image runs its embedded PostgreSQL (the server binaries are in it), with the data in the volume
# /var/lib/modelgraph:
#   docker build -t modelgraph . && docker run -p 8080:8080 -v modelgraph-data:/var/lib/modelgraph modelgraph
# With DATABASE_URL set it uses that database instead (docker-compose.yml runs PostgreSQL beside it).
#
# The Swift version must be at least the highest swift-tools-version among the package and its dependencies
# (Tests/PackagingTests checks it).
FROM swift:6.2-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product modelgraph && bin="$(swift build -c release --show-bin-path)" \
    && cp "$bin/modelgraph" /usr/local/bin/modelgraph

FROM swift:6.2-bookworm-slim
# libpq for the client; the PostgreSQL 15 server binaries for the embedded database (no cluster of the
# package's own: ModelGraph makes its own); tini as pid 1, so signals reach serve and exited children are reaped.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/modelgraph.conf \
    && apt-get update \
    && apt-get install -y --no-install-recommends libpq5 postgresql-15 tini \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/local/bin/modelgraph /usr/local/bin/modelgraph
WORKDIR /app
COPY schema.graphql ./
COPY migrations ./migrations
# Listen on every interface of the container (the default, 127.0.0.1, is unreachable from outside it); the
# embedded cluster lives in the volume.
ENV MODELGRAPH_HOST=0.0.0.0 \
    MODELGRAPH_DATA_DIR=/var/lib/modelgraph/postgres
VOLUME /var/lib/modelgraph
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["modelgraph", "serve"]
