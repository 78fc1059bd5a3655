# Stand-in for the `caddy:2` image, made by .ci/compose-check from Debian's caddy package (no
# image registry is reachable in CI): the same command, folders and environment as the
# official image, and `wget` (busybox) for the compose file's health check.
FROM debian:bookworm-slim
COPY caddy /usr/bin/caddy
COPY busybox /usr/local/bin/wget
ENV XDG_CONFIG_HOME=/config \
    XDG_DATA_HOME=/data
RUN mkdir -p /config/caddy /data/caddy /etc/caddy /srv
VOLUME /config
VOLUME /data
WORKDIR /srv
EXPOSE 80 443 443/udp 2019
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
