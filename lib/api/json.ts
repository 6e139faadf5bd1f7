// The one check every JSON input goes through (API bodies, processor webhooks, stored payloads):
// PostgreSQL refuses NUL in text and lone surrogates in jsonb, and a tree deep enough to overflow any
// recursive walk (ours, zod's, JSON.stringify's) is no real request. The walk is iterative for that reason.

/** Deeper than any body we accept; a body nested further is refused, not walked. */
export const MAX_JSON_DEPTH = 64;

export type JsonProblem = { field: string; message: string };

export const NESTED_TOO_DEEPLY = "Body is nested too deeply";
const NUL_MESSAGE = "Text must not contain NUL (\\u0000) characters";
const SURROGATE_MESSAGE = "Text must be valid Unicode (no lone surrogates)";

/** Parses JSON text; the problem names the field, or "body" when it is not JSON at all. */
export function parseJson(text: string): { value: unknown; problem: null } | { value: undefined; problem: JsonProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: undefined, problem: { field: "body", message: "Body must be valid JSON" } };
  }
  const problem = jsonProblem(value);
  return problem ? { value: undefined, problem } : { value, problem: null };
}

/**
 * The first string or key that PostgreSQL would refuse, or a depth past MAX_JSON_DEPTH; null when fine.
 * `checkText: false` checks the depth only (processor webhooks keep such text, made storable).
 */
export function jsonProblem(root: unknown, { checkText = true } = {}): JsonProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === "string") {
      const problem = checkText ? textProblem(value) : null;
      if (problem) return { field: path || "body", message: problem };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { field: path || "body", message: NESTED_TOO_DEEPLY };
    const children = Object.entries(value).map(([key, child]) => ({ key, value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 }));
    const badKey = checkText ? children.find((child) => textProblem(child.key)) : undefined;
    if (badKey) return { field: badKey.path.toWellFormed(), message: textProblem(badKey.key)! };
    // Pushed in reverse so the first problem in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** Why text cannot be stored (or compared) as given, or null. */
export function textProblem(value: string): string | null {
  if (value.includes("\0")) return NUL_MESSAGE;
  if (!value.isWellFormed()) return SURROGATE_MESSAGE;
  return null;
}

/** Text PostgreSQL accepts: NUL and lone surrogates become U+FFFD. */
export function storableText(value: string): string {
  return value.replaceAll("\0", "\uFFFD").toWellFormed();
}

/**
 * A parsed JSON tree (within MAX_JSON_DEPTH) with every string and key made storable; deeper than
 * that, null (nothing here walks a tree jsonProblem has not let through).
 */
export function storableJson(value: unknown): unknown {
  if (jsonProblem(value, { checkText: false })) return null;
  return storable(value);
}

function storable(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v)]));
  return value;
}
