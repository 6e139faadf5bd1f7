import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { openApiDocument } from "@/lib/api/openapi/document";

export const GET = route({ auth: "public" }, async () => json(openApiDocument(), 200, { "cache-control": "public, max-age=300" }));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
