// Dated API versions (the Paylink-Version header). Handlers and serializers always build the latest
// shape; this module is the one place an older version changes it: each version lists what it changed
// and how to undo that for callers pinned before it, applied at the response boundary (the route
// wrapper) and to each webhook delivery. docs/api-changelog.md tells the same story in words.
import { ApiError } from "./errors";

type Json = Record<string, unknown>;

/** What a version's change touches; a route names the ones in its answer (`versioned` in the route wrapper). */
export type Resource = "invoice" | "invoicePayment" | "customer" | "customerDetail" | "page" | "event";

type Version = {
  version: string;
  /** What changed in this version, for the changelog. */
  changes: string[];
  /** Per resource: turns this version's shape into the previous version's. */
  downgrade: Partial<Record<Resource, (body: Json) => Json>>;
};

const omit = (body: Json, ...fields: string[]): Json => Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));

/** Before instalments an invoice had no paid/due amounts or allocations; one paid in part was still open, i.e. SENT. */
function invoiceBeforeInstalments(invoice: Json): Json {
  const old = omit(invoice, "amountPaid", "amountDue", "allowPartialPayments", "minimumPaymentAmount", "allocations");
  return invoice.status === "PARTIALLY_PAID" ? { ...old, status: "SENT" } : old;
}

/** Oldest first. The first is the API as it was before versions existed. */
export const API_VERSIONS = [
  {
    version: "2026-11-22",
    changes: ["The first API: payments, refunds, payment links, invoices, customers, plans, subscriptions, payouts, webhooks and the events API."],
    downgrade: {},
  },
  {
    version: "2026-11-26",
    changes: [
      "Invoices paid in parts: an Invoice gains `amountPaid`, `amountDue`, `allowPartialPayments`, `minimumPaymentAmount`, `allocations` and the status `PARTIALLY_PAID` (earlier versions see such an invoice as `SENT`).",
      "`invoice.paid` and `invoice.partially_paid` events carry `amountApplied`.",
      "A Customer gains `balance` (their credit); a customer's page gains `virtualAccount` and `allocations`.",
      "List answers gain `hasMore`.",
      "Versioning starts: the `Paylink-Version` header, accounts pinned by their first call, webhook endpoints by their creation, and `apiVersion` in every event (in every version).",
    ],
    downgrade: {
      invoice: invoiceBeforeInstalments,
      invoicePayment: (data) => omit(invoiceBeforeInstalments(data), "amountApplied"),
      customer: (customer) => omit(customer, "balance"),
      customerDetail: (detail) => omit(detail, "virtualAccount", "allocations"),
      page: (page) => omit(page, "hasMore"),
    },
  },
] as const satisfies readonly Version[];

export type ApiVersion = (typeof API_VERSIONS)[number]["version"];
export const VERSION_NAMES = API_VERSIONS.map((v) => v.version) as [ApiVersion, ...ApiVersion[]];
export const LATEST_VERSION: ApiVersion = VERSION_NAMES.at(-1)!;
export const VERSION_HEADER = "Paylink-Version";

export const isApiVersion = (value: unknown): value is ApiVersion => (VERSION_NAMES as readonly unknown[]).includes(value);

/** A stored version (a merchant's or an endpoint's), or the latest when none was stored. */
export const versionOr = (value: string | null | undefined, fallback: ApiVersion = LATEST_VERSION): ApiVersion => (isApiVersion(value) ? value : fallback);

/** The Paylink-Version header: absent (null) or a known version; anything else is a 400 naming the known ones. */
export function requestedVersion(headers: Headers): ApiVersion | null {
  const sent = headers.get(VERSION_HEADER);
  if (sent === null) return null;
  if (isApiVersion(sent.trim())) return sent.trim() as ApiVersion;
  throw ApiError.invalidApiVersion(
    `Unknown ${VERSION_HEADER} "${sent.slice(0, 40)}": send one of ${VERSION_NAMES.join(", ")}, or none for your account's pinned version`,
    VERSION_NAMES,
  );
}

/** The latest shape of one resource, as `to` shows it: each later version's change undone, newest first. */
export function downgrade(resource: Resource, body: Json, to: ApiVersion): Json {
  if (resource === "event") return downgradeEvent(body, to);
  const inner = CONTAINS[resource];
  let out = inner ? (reshape(body, inner, to) as Json) : body;
  for (let i = API_VERSIONS.length - 1; i > 0 && API_VERSIONS[i]!.version > to; i--) {
    const change = (API_VERSIONS[i]!.downgrade as Version["downgrade"])[resource];
    if (change) out = change(out);
  }
  return out;
}

/** Resources inside another: downgraded with it. */
const CONTAINS: Partial<Record<Resource, Shape>> = {
  customerDetail: { customer: "customer", invoices: ["invoice"] },
};

/** Which resource an event's `data` is. Events a version added (e.g. customer.balance_changed) keep their one shape. */
const EVENT_DATA: Record<string, Resource> = {
  "invoice.sent": "invoice",
  "invoice.overdue": "invoice",
  "invoice.paid": "invoicePayment",
  "invoice.partially_paid": "invoicePayment",
};

function downgradeEvent(envelope: Json, to: ApiVersion): Json {
  const resource = EVENT_DATA[String(envelope.type)];
  const data = resource && isObject(envelope.data) ? downgrade(resource, envelope.data, to) : envelope.data;
  return { ...envelope, apiVersion: to, data };
}

/** Where the versioned resources are in an answer: the body itself, each item of an array, or named fields of an object. */
export type Shape = Resource | readonly [Shape] | { readonly [field: string]: Shape };

/** An answer's body in version `to`: `shape` says where its resources are; every list answer is a page. */
export function inVersion(body: unknown, shape: Shape | undefined, to: ApiVersion): unknown {
  if (to === LATEST_VERSION) return body;
  const shaped = shape ? reshape(body, shape, to) : body;
  return isPage(shaped) ? downgrade("page", shaped, to) : shaped;
}

function reshape(body: unknown, shape: Shape, to: ApiVersion): unknown {
  if (typeof shape === "string") return isObject(body) ? downgrade(shape, body, to) : body;
  if (Array.isArray(shape)) return Array.isArray(body) ? body.map((item) => reshape(item, shape[0] as Shape, to)) : body;
  if (!isObject(body)) return body;
  const fields = shape as { readonly [field: string]: Shape };
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fields[key] ? reshape(value, fields[key], to) : value]));
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isPage = (body: unknown): body is Json => isObject(body) && Array.isArray(body.data) && "nextCursor" in body;

/** A list answer of `item`s. */
export const pageShape = (item: Shape): Shape => ({ data: [item] });
