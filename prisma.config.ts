import { defineConfig } from "prisma/config";

// The CLI only generates the client here; migrations are applied by scripts/db (see README).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
