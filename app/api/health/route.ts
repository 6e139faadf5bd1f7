import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { db } from "@/lib/db/client";

// For load balancers and start-up checks: 200 when the database answers, 503 when it does not.
export const GET = route({ auth: "public" }, async () => {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    throw ApiError.unavailable("Database unavailable");
  }
  return json({ status: "ok" });
});
