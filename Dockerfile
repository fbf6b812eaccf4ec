# Two images from one build: `api` (the API, which also serves the portal on port 1234) and
# `portal` (the built portal alone behind nginx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM node:20-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/app/data
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node /app/data
EXPOSE 1234
USER node
CMD ["node", "apps/api/dist/server.js"]

FROM nginx:1.27-alpine AS portal
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/portal/dist /usr/share/nginx/html
