import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { openApiDocument } from "@/lib/api/openapi/document";

export const GET = route({ auth: "public" }, async () => json(openApiDocument(), 200, { "cache-control": "public, max-age=300" }));
