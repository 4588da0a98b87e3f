# One image for the api and the BFF: the command chooses (default: the BFF; the api runs
# `node --enable-source-maps api/dist/index.js`). Node 24 LTS on Debian 12, the same version
# .ci/run runs the test suite on.
#
# Build stage: every dependency, `npm run build` (api and bff bundled to JavaScript, the web
# built), then scripts/runtime.mjs assembles /runtime: the compiled output, the package files and
# `npm ci --omit=dev` (production dependencies only: no tsx, no build or test tools).
# Runtime stage: that folder only, read-only for the service user.
#
# scripts/production-path.mjs (`npm run test:production`, run by .ci/run) runs these same steps
# without Docker and probes the result; scripts/test/production-path.test.ts fails when the two
# differ. Keep the Node version here and NODE_VERSION in .ci/run the same.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY observability/package.json observability/
COPY api/package.json api/
COPY bff/package.json bff/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN node scripts/build.mjs
RUN node scripts/runtime.mjs /runtime

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    API_HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=root:root /runtime /app
# DATA_DIR's volume takes this folder's owner when first created: the service user must write it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000 4001
# Liveness of whichever process runs here (BFF on PORT, api on API_PORT): scripts/healthcheck.mjs.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# Exec form: node is PID 1 and receives SIGTERM itself (no shell in between). Both processes handle
# SIGTERM and SIGINT and start no child processes, so no init (tini) is needed to forward signals
# or reap zombies; `docker run --init` does no harm.
CMD ["node", "--enable-source-maps", "bff/dist/index.js"]
