# Stand-in for the `postgres:17` image, made by .ci/compose-check (no image registry is
# reachable in CI) on a root folder of Debian trixie with its postgresql-17 package, imported
# as checkerhall-ci/trixie-postgresql. Paths, volume, stop signal and entrypoint behave as in
# the official image.
FROM checkerhall-ci/trixie-postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/17/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
# A fast shutdown: with SIGTERM (a smart one) Postgres would wait for the server's
# connections to close, and Docker would kill it after 10 s.
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
