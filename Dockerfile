# Operon production image: Node 20 on Debian, Debian's Chromium for PDFs, Litestream for
# backups (decisions 020, 043, 044, 048). It runs as the unprivileged user `node` (uid 1000).
#
# Build and run it:
#   docker build -t operon --build-arg BUILD_COMMIT=$(git rev-parse --short HEAD) .
#   docker run -p 3000:3000 -v operon-data:/data \
#     -e APP_URL=http://localhost:3000 \
#     -e SESSION_SECRET=$(openssl rand -hex 32) -e JWT_SECRET=$(openssl rand -hex 32) \
#     -e SMTP_URL=smtps://user:pass@smtp.example.com:465 \
#     operon
# /data (the database, the VIN data) must be writable by uid 1000: a new named Docker volume
#   copies the image's /data, owned by `node`; a bind mount needs `chown -R 1000:1000 <folder>`;
#   a new Fly.io volume is mounted root-owned: hand it over once with
#   `fly ssh console -C "chown -R 1000:1000 /data"` (the entrypoint stops with that hint).
# Backups (optional): add -e LITESTREAM_REPLICA_URL=s3://bucket/operon plus
#   -e LITESTREAM_ACCESS_KEY_ID=… -e LITESTREAM_SECRET_ACCESS_KEY=… (and LITESTREAM_ENDPOINT for
#   S3-compatible services), or a folder: -e LITESTREAM_REPLICA_URL=file:///backups -v …:/backups.
#
# No Docker engine runs where this is developed: `npm run test:prod-install`
# (scripts/prod-install-test.mjs) does the same steps outside Docker on every CI run — the
# build, production dependencies only in a clean folder, the same files copied, this image's
# entrypoint started as an unprivileged user, NODE_ENV=production — and checks
# /healthz, the login page, the REST API, a PDF and the Litestream replica. Keep the two in step.

FROM node:20-bookworm-slim AS base
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
WORKDIR /app

# Compilers for the native modules that have no prebuilt binary (better-sqlite3).
FROM base AS toolchain
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

# The build: every dependency (dev ones included), then `npm run build` into build/.
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG BUILD_COMMIT=unknown
ENV BUILD_COMMIT=$BUILD_COMMIT
RUN npm run build

# Production dependencies only, installed in a clean folder from the lockfile
# (`npm install`, not `npm ci`: see docs TOOLCHAIN.md).
FROM toolchain AS deps
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# The image: what the server needs and nothing else (no lockfile, sources, tests or compilers).
FROM base
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates sqlite3 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATABASE_URL=file:/data/operon.db VIN_DB_DIR=/data/corgi CHROME_PATH=/usr/bin/chromium
# Decision 050: two glibc malloc arenas, not 8 per core (libuv's, sharp's and Chromium's threads).
ENV MALLOC_ARENA_MAX=2
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY drizzle ./drizzle
# package.json: the ES module type and the version /VERSION reports.
COPY package.json litestream.yml ./
COPY --chmod=755 scripts/docker-entrypoint.sh /usr/local/bin/operon-entrypoint
# The app files stay root-owned (read-only to the server). Everything runs as the unprivileged
# `node` user from here on: the entrypoint, Litestream, the server and Chromium (which keeps
# its sandbox, decision 020). /data is created owned by `node` before it becomes a volume.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["operon-entrypoint"]
CMD ["node", "build/main.js"]
