# Stand-in for the `nginx:1.27` image, made by .ci/compose-check from Debian's nginx package
# (no image registry is reachable in CI): the binary and the libraries Debian's minimal root
# lacks, the folders its compiled-in paths name, and the official image's command.
FROM debian:bookworm-slim
COPY nginx /usr/sbin/nginx
COPY lib/ /usr/local/lib/nginx/
ENV LD_LIBRARY_PATH=/usr/local/lib/nginx
# The official image's default user is `nginx`; Debian's build falls back to nobody:nobody,
# and Debian names that group `nogroup`.
RUN mkdir -p /var/log/nginx /var/lib/nginx /etc/nginx /run \
    && groupadd --system nobody
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
