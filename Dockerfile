# Production-like image: API + web UI + socket.io on one port, against an external PostgreSQL.
FROM node:20-bookworm-slim
WORKDIR /app
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY desktop/package.json desktop/
# The root postinstall applies these to node_modules (patch-package; decision 0360).
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
# HOST: a container listens on every interface (npm start on a laptop stays on 127.0.0.1).
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 8080
CMD ["npx", "tsx", "server/src/main.ts"]
