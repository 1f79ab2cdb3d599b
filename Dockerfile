# avenir-mcp for hosting (docs/hosting.md, "Running it in containers"): HTTP transport, the bundle and
# only the packages it loads at run time, a non-root user, a root file system that can be read-only.
#
#   docker build -t avenir-mcp .
#
# BASE is the public Node image an operator pulls; any Debian-based image with Node 22 and npm and a
# `node` user (uid 1000) works in its place (--build-arg BASE=...), as the project's own tests do.
ARG BASE=node:22-bookworm-slim

# The bundle, built from the locked dependencies, then packed as npm would publish it.
FROM ${BASE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm pack --ignore-scripts --silent > /tmp/tarball-name

# What the running server loads: the packed avenir-mcp with its one dependency (oidc-provider), and
# the optional peers hosted mode needs (the PostgreSQL client, the embedded PGlite, prom-client) at the
# versions the project tests with. No install script runs: none of them needs one.
FROM ${BASE} AS runtime-packages
WORKDIR /app
COPY --from=build /src/package.json /tmp/avenir-package.json
COPY --from=build /src/*.tgz /tmp/
RUN echo '{ "private": true }' > package.json \
 && peers="$(node -p "const p = require('/tmp/avenir-package.json'); Object.keys(p.peerDependencies).map((n) => n + '@' + p.devDependencies[n]).join(' ')")" \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund /tmp/avenir-mcp-*.tgz $peers \
 && npm cache clean --force

FROM ${BASE}
ENV NODE_ENV=production \
    AVENIR_MCP_TRANSPORT=http \
    AVENIR_MCP_HOST=127.0.0.1 \
    AVENIR_MCP_PORT=8103 \
    AVENIR_MCP_NO_UPDATE_CHECK=1 \
    XDG_STATE_HOME=/data/state \
    XDG_CACHE_HOME=/tmp/cache \
    HOME=/tmp
COPY --from=runtime-packages /app /app
# The one writable place besides /tmp: the state folder (journal, OAuth state, the embedded store).
# Mount a volume on /data and a tmpfs on /tmp, and the root file system can be read-only.
RUN mkdir -p /data/state && chown -R node:node /data
VOLUME ["/data"]
USER node
WORKDIR /app
EXPOSE 8103
# /healthz answers before every guard, without a token (docs/hosting.md)
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.AVENIR_MCP_PORT || 8103) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: calls in flight finish (YNAB timeout + settling window + 5 s, 43 s by default)
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/node_modules/avenir-mcp/dist/main.js"]
