// npm run db:migrate                 apply pending migrations to DATABASE_URL
// npm run db:new-migration -- NAME   write a migration from the change to prisma/schema.prisma
// node … scripts/db.ts schema-sql    print the SQL that creates schema.prisma from nothing
import fs from "node:fs";
import { applyMigrations, createMigration, diffSchemas, SCHEMA_PATH } from "../lib/db/migrations";

const [command, arg] = process.argv.slice(2);

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL (for new-migration and schema-sql any reachable PostgreSQL will do; nothing in it is changed)");
  return url;
}

async function main() {
  switch (command) {
    case "migrate": {
      const applied = await applyMigrations(databaseUrl());
      console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date");
      return;
    }
    case "new-migration": {
      if (!arg) throw new Error("Usage: npm run db:new-migration -- <name>");
      const folder = await createMigration(databaseUrl(), arg);
      console.log(folder ? `Wrote prisma/migrations/${folder}` : "schema.prisma has no changes since the last migration");
      return;
    }
    case "schema-sql":
      process.stdout.write(await diffSchemas(databaseUrl(), null, fs.readFileSync(SCHEMA_PATH, "utf8")));
      return;
    default:
      throw new Error(`Unknown command ${command ?? ""}; use migrate, new-migration or schema-sql`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
