# syntax=docker/dockerfile:1
# Multi-stage build: compile native modules and the app with dev dependencies, ship production
# dependencies only, the app running as a non-root user with the database on the /data volume.
# Past one VM (issue 37, docs/operations.md): the `litefs` binary from LiteFS's official image and the
# `litestream` binary from Litestream's, nothing built by hand. `litefs mount` (root, for FUSE) mounts the
# database directory and runs litefs.yml's exec steps as `node`: migrations on the primary candidate, then
# scripts/start-replicated.mjs (the server; Litestream ships the database off the machine on the primary
# when LITESTREAM_REPLICA_URL is set).
FROM flyio/litefs:0.5 AS litefs
FROM litestream/litestream:0.3.13 AS litestream

FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production

FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
# The npm Litestream binary (an optional dependency, for `npm run start:replicated` outside a container)
# is left out: the image has the official one.
RUN npm prune --omit=dev --omit=optional

FROM base AS runtime
# fuse3 for LiteFS's mount; ca-certificates for Litestream's TLS to S3.
RUN apt-get update && apt-get install -y --no-install-recommends fuse3 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=litefs /usr/local/bin/litefs /usr/local/bin/litefs
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json tsconfig.json litefs.yml litestream.yml ./
COPY db ./db
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data /litefs && chown node:node /data /litefs
# The database lives in LiteFS's mount (litefs.yml fuse.dir), LiteFS's data and Litestream's shadow WAL on
# the volume. Without LiteFS (one VM, ways 1 and 2 of docs/operations.md): `docker run --user node -e
# LITEFS_DIR= -e DATABASE_PATH=/data/app.db -e LITESTREAM_META_PATH=/data/.app.db-litestream ... <image>
# node scripts/start-replicated.mjs`.
ENV PORT=3000 \
    LITEFS_DIR=/litefs \
    DATABASE_PATH=/litefs/app.db \
    LITESTREAM_META_PATH=/data/litestream/app.db-litestream
# The V8 heap sized for the 512 MB VM (fly.toml) and the same wherever the server runs: without flags Node
# sizes it from the machine's memory, so the VM would not run the heap `npm run bench` measures (the bench
# starts its servers with this very line). Old space capped at 256 MB (the live heap stays under 100 MB at
# 250 requests in flight); 8 MB semi-spaces, for less peak memory than V8's 16 MB on a large machine and far
# fewer scavenges than the 1 MB it picks for 512 MB. README "Performance".
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Opening the database applies the migrations and the seed; SESSION_SECRET (fly secrets) and APP_URL
# (fly.toml) must be set, and the business's identity (BUSINESS_LEGAL_NAME ... MAIL_FROM, docs/operations.md
# "Who we are"): with NODE_ENV=production the server refuses to start on a placeholder. LiteFS passes SIGTERM on to its exec'd process; scripts/server.mjs stops gracefully
# on it (fly.toml: kill_signal, kill_timeout).
CMD ["litefs", "mount"]
