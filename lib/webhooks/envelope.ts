import type { Environment } from "@/lib/db/generated/enums";

/** Sent once per endpoint by "Send test event"; not part of the subscribable catalogue. */
export const TEST_EVENT_TYPE = "webhook.test";

/** The one payload shape of every outbound event. */
export type WebhookEnvelope = {
  id: string;
  type: string;
  createdAt: string;
  merchantId: string;
  environment: Environment;
  data: unknown;
};

export function toEnvelope(event: {
  id: string;
  type: string;
  createdAt: Date;
  merchantId: string;
  environment: Environment;
  payload: unknown;
}): WebhookEnvelope {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    merchantId: event.merchantId,
    environment: event.environment,
    data: event.payload,
  };
}
