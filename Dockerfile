# syntax=docker/dockerfile:1
# One image for every role: ROLE=web|api|worker|migrate|all picks what the container runs (compose.yaml runs each).
# The base is pinned to one Node release, so a rebuild gets the Node the shop was tested on; raise it on purpose.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The install applies the patches of server/patches to the dependencies (decision 021).
COPY package.json package-lock.json ./
COPY server/patches ./server/patches
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/patches ./server/patches
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    ROLE=all \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Everything is built above: the container starts the built server and builds nothing.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/content ./content
COPY package.json ./
COPY server/node-flags.mjs ./server/node-flags.mjs
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node's flags depend on the role (server/node-flags.mjs); exec leaves the shop as the process that gets the signals.
CMD ["sh", "-c", "exec node $(node server/node-flags.mjs) --enable-source-maps build/main.js"]
