import { listHref } from "@/components/dashboard/list-params";
import { transactionListQuery, type TransactionListQuery } from "@/lib/payments/queries";

export const TRANSACTIONS_PATH = "/dashboard/transactions";
export const FILTER_KEYS = ["q", "status", "channel", "from", "to"] as const;
const PARAM_KEYS = [...FILTER_KEYS, "cursor", "limit"] as const;
type ParamKey = (typeof PARAM_KEYS)[number];
/** The transactions page's query parameters that it knows, as strings. */
export type TransactionParams = Partial<Record<ParamKey, string>>;

/** First value of each known parameter, blanks dropped. */
export function readParams(raw: Record<string, string | string[] | undefined>): TransactionParams {
  const params: TransactionParams = {};
  for (const key of PARAM_KEYS) {
    const value = raw[key];
    const first = (Array.isArray(value) ? value[0] : value)?.trim();
    if (first) params[key] = first;
  }
  return params;
}

/**
 * Parses the URL like the API does. A hand-edited URL with a bad value should not break the page:
 * the offending parameters are dropped and named in a notice instead.
 */
export function parseFilters(params: TransactionParams): { query: TransactionListQuery; valid: TransactionParams; problems: string[] } {
  const valid = { ...params };
  const problems: string[] = [];
  for (let attempt = 0; attempt < PARAM_KEYS.length + 1; attempt++) {
    const result = transactionListQuery.safeParse(valid);
    if (result.success) return { query: result.data, valid, problems };
    for (const issue of result.error.issues) {
      const key = issue.path[0] as ParamKey | undefined;
      if (key && key in valid) {
        delete valid[key];
        problems.push(issue.message);
      }
    }
  }
  return { query: { limit: 25 } as TransactionListQuery, valid: {}, problems };
}

/** The page with these parameters, some changed (e.g. another cursor). */
export function transactionsHref(params: TransactionParams, changes: TransactionParams = {}): string {
  return listHref(TRANSACTIONS_PATH, { ...params, ...changes });
}

/** The CSV export of the same filters (every page). */
export function exportHref(merchantId: string, params: TransactionParams): string {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (params[key]) search.set(key, params[key]);
  const text = search.toString();
  return `/api/merchants/${merchantId}/transactions/export.csv${text ? `?${text}` : ""}`;
}
