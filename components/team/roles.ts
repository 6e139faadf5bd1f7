// Client-safe: nothing here may import the database.
import { ASSIGNABLE_ROLES } from "@/lib/auth/permissions";

export { ASSIGNABLE_ROLES };

/** "OPERATIONS" -> "Operations" */
export function roleName(role: string): string {
  return role.charAt(0) + role.slice(1).toLowerCase();
}

/** The roles a member can be given, as a select's choices. */
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: roleName(role) }));

/** The API's message for a failed request, or a general one. */
export function failureMessage(status: number, data: unknown): string {
  if (status === 0) return "We couldn't reach Paylink. Check your connection and try again.";
  const body = data as { message?: unknown; errors?: Array<{ message?: unknown }> } | null;
  const details = Array.isArray(body?.errors) ? body.errors.map((e) => e?.message).filter((m): m is string => typeof m === "string") : [];
  if (details.length > 0) return details.join(" ");
  if (typeof body?.message === "string" && body.message) return body.message;
  return status >= 500 ? "Something went wrong on our side. Please try again in a moment." : "That didn't work. Please try again.";
}
