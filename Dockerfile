# Multi-stage build of the `checkerhall` binary; the runtime image holds only the binary,
# which embeds the web client (web/) and the migrations. `.dockerignore` keeps target/, .git
# and .env out of the build context.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p checkerhall-server --bin checkerhall

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /var/lib/checkerhall --create-home checkerhall
COPY --from=build /src/target/release/checkerhall /usr/local/bin/checkerhall
USER checkerhall
WORKDIR /var/lib/checkerhall
ENV CHECKERHALL_LISTEN=0.0.0.0:8080 \
    RUST_LOG=info
EXPOSE 8080
# No curl in the image: the binary asks its own /readyz.
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=5 \
    CMD ["checkerhall", "healthcheck", "--addr", "127.0.0.1:8080"]
ENTRYPOINT ["checkerhall"]
CMD ["serve"]
