# Build and run ModelGraph. The image serves /app/schema.graphql with the migrations in /app/migrations;
# mount your own over them, or build from your project.
FROM swift:6.1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product modelgraph && cp "$(swift build -c release --show-bin-path)/modelgraph" /usr/local/bin/modelgraph

FROM swift:6.1-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/local/bin/modelgraph /usr/local/bin/modelgraph
WORKDIR /app
COPY schema.graphql ./
COPY migrations ./migrations
EXPOSE 8080
CMD ["modelgraph", "serve"]
