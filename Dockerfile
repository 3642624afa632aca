# Operon production image: Node 20 on Debian with Debian's Chromium (PDF rendering).
FROM node:20-bookworm-slim AS base
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
WORKDIR /app

FROM base AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ git && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG BUILD_COMMIT=unknown
ENV BUILD_COMMIT=$BUILD_COMMIT
RUN npm run build && npm prune --omit=dev

FROM base
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates sqlite3 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/package.json ./package.json
COPY --chmod=755 scripts/docker-entrypoint.sh /usr/local/bin/operon-entrypoint
# The server runs as the unprivileged `node` user (the entrypoint drops root after handing it
# the /data volume), so Chromium keeps its sandbox (decision 020). The app files stay root-owned.
RUN mkdir -p /data /app/data && chown node:node /data /app/data
EXPOSE 8080
ENTRYPOINT ["operon-entrypoint"]
CMD ["node", "build/main.js"]
