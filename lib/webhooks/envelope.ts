import type { Environment } from "@/lib/db/generated/enums";
import { LATEST_VERSION, type ApiVersion } from "@/lib/api/versions";

/** Sent once per endpoint by "Send test event"; not part of the subscribable catalogue. */
export const TEST_EVENT_TYPE = "webhook.test";

/** The one payload shape of every outbound event; built in the latest version. */
export type WebhookEnvelope = {
  id: string;
  type: string;
  createdAt: string;
  merchantId: string;
  environment: Environment;
  /** The version `data` is shaped by: the endpoint's, or the events API request's (lib/api/versions.ts reshapes it). */
  apiVersion: ApiVersion;
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
    apiVersion: LATEST_VERSION,
    data: event.payload,
  };
}
