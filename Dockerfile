# syntax=docker/dockerfile:1
# The app's image (docs/deploy.md): built in one stage, run from a second that holds only the
# built app and its production packages, as an unprivileged user. compose.yaml runs it behind nginx.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Packages first, so a change of source alone reuses this layer. tools/ holds a local devDependency.
COPY package.json package-lock.json ./
COPY tools ./tools
# As .ci/run: a lockfile npm ci calls out of sync (platform packages) is installed at its locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the app: only DATA_DIR (mail outbox, uploads without S3) is its to write.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 5000
# Ready: database reachable, migrations applied, change feed connected (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests (SHUTDOWN_TIMEOUT_MS); node runs as PID 1 and handles it itself.
CMD ["node", "dist/server/server.js"]
