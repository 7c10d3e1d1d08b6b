# syntax=docker/dockerfile:1
# Multi-stage build: compile native modules and the app with dev dependencies, ship production
# dependencies only, run as a non-root user with the database on the /data volume.
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
RUN npx remix build

FROM deps AS prod-deps
RUN npm prune --omit=dev

FROM base AS runtime
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json tsconfig.json ./
COPY db ./db
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
ENV PORT=3000 \
    DATABASE_PATH=/data/app.db
# The V8 heap sized for the 512 MB VM (fly.toml) and the same wherever the server runs: without flags Node
# sizes it from the machine's memory, so the VM would not run the heap `npm run bench` measures (the bench
# starts its servers with this very line). Old space capped at 256 MB (the live heap stays under 100 MB at
# 250 requests in flight); 8 MB semi-spaces, for less peak memory than V8's 16 MB on a large machine and far
# fewer scavenges than the 1 MB it picks for 512 MB. README "Performance".
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Opening the database applies the migrations and the seed; SESSION_SECRET (fly secrets) and APP_URL
# (fly.toml) must be set.
# scripts/server.mjs stops gracefully on SIGTERM (fly.toml: kill_signal, kill_timeout).
CMD ["node", "scripts/server.mjs", "build/index.js"]
