import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { breakerStatuses } from "@/lib/processors/breaker";

// For load balancers and start-up checks: 200 when the database answers (whatever the processors'
// breakers say: the app still serves), 503 when it does not. The breakers' read is the database check.
export const GET = route({ auth: "public" }, async () => {
  const processors = await breakerStatuses().catch(() => {
    throw ApiError.unavailable("Database unavailable");
  });
  return json({ status: "ok", processors });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
