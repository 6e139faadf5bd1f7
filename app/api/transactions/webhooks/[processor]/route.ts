import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { z } from "@/lib/zod";
import { receiveProcessorWebhook } from "@/lib/payments/processor-events";

// Processors post here. The body is read raw: signatures cover the exact bytes sent.
const pathParams = z.object({ processor: z.string() });

export const POST = route({ auth: "public", params: pathParams, rawBody: true, bodyLimit: 256 * 1024 }, async ({ req, rawBody, params }) => {
  await receiveProcessorWebhook(params.processor, req.headers, rawBody);
  return new Response("Webhook received", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
