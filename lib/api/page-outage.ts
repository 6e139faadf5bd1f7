import type { GetServerSideProps } from "next";
import { toApiError } from "./errors";

/** What a hosted page gets instead of its own props while the database is unreachable. */
export type OutageProps = { unavailable: true };

export function isOutage(props: unknown): props is OutageProps {
  return typeof props === "object" && props !== null && (props as Partial<OutageProps>).unavailable === true;
}

/**
 * Hosted pages' getServerSideProps, with the API's error mapping: an outage (what the API answers
 * 503 for) renders the "try again in a moment" page with 503 and Retry-After instead of a 500
 * crash page, so a customer's reload after a few seconds just works. Anything else still throws.
 */
export function withOutagePage<P extends Record<string, unknown>>(load: GetServerSideProps<P>): GetServerSideProps<P | OutageProps> {
  return async (context) => {
    try {
      return await load(context);
    } catch (error) {
      const mapped = toApiError(error);
      if (mapped?.status !== 503) throw error;
      context.res.statusCode = 503;
      context.res.setHeader("retry-after", mapped.headers?.["Retry-After"] ?? "5");
      context.res.setHeader("cache-control", "no-store");
      return { props: { unavailable: true } };
    }
  };
}
