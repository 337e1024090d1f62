# Multi-stage build of the grove server.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p grove

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /var/lib/grove grove \
    && install -d -o grove -g grove -m 0700 /var/lib/grove
COPY --from=build /src/target/release/grove /usr/local/bin/grove
USER grove
WORKDIR /var/lib/grove
EXPOSE 8080
# The system user's home is its data directory: `serve --dev` keeps its generated keys there.
# crates/grove/tests/image_start.rs runs this start command as this user with this environment.
ENV HOME=/var/lib/grove GROVE_DATA_DIR=/var/lib/grove GROVE_LISTEN=0.0.0.0:8080
VOLUME /var/lib/grove
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
ENTRYPOINT ["grove"]
CMD ["serve"]
