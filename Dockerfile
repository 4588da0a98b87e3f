# One image for api and bff (the command chooses which). Node 20 LTS, Debian 12.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY api/package.json api/
COPY bff/package.json bff/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# DATA_DIR's volume takes this folder's owner when first created: the service user must write it.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 4000 4001
CMD ["node", "--import", "tsx", "bff/src/index.ts"]
