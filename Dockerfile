# One image for the API (serving the three web apps) and the worker; compose picks the command.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build:web

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
CMD ["npx", "tsx", "api/src/main/server.ts"]
