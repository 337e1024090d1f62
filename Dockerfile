# Multi-stage build of the grove server.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p grove

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 grove
COPY --from=build /src/target/release/grove /usr/local/bin/grove
USER grove
EXPOSE 8080
ENV GROVE_LISTEN=0.0.0.0:8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
ENTRYPOINT ["grove"]
CMD ["serve"]
