import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/service";

/** The merchant's endpoints in the caller's mode, newest first (at most 20, so one page). */
export const GET = route({ auth: "userOrKey", merchant: "webhooks:manage" }, async ({ merchant }) => {
  return json({ data: await listEndpoints(merchant) });
});

/** The only answer that carries the signing secret (`secretKey`). */
export const POST = route(
  { auth: "userOrKey", merchant: "webhooks:manage", body: createWebhookSchema, idempotent: true },
  async ({ merchant, body, apiVersion }) => {
    const webhook = await createEndpoint(merchant, body, apiVersion);
    return json({ message: "Webhook created", webhook }, 201);
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
