import { formatNaira } from "@/lib/utils";
import { roleName } from "./roles";

type Entry = { action: string; metadata: unknown };

/** One readable line per audit entry; unknown actions (added by other domains) show their name. */
export function describeAudit({ action, metadata }: Entry): string {
  const m = (metadata ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof m[key] === "string" ? (m[key] as string) : "");
  switch (action) {
    case "member.invited":
      return `Invited ${text("email")} as ${roleName(text("role"))}`;
    case "member.invitation_resent":
      return `Resent the invitation to ${text("email")}`;
    case "member.invitation_revoked":
      return `Revoked the invitation to ${text("email")}`;
    case "member.joined":
      return `Joined as ${roleName(text("role"))}`;
    case "member.role_changed":
      return `Changed ${text("email")} from ${roleName(text("from"))} to ${roleName(text("to"))}`;
    case "member.removed":
      return `Removed ${text("email")} (${roleName(text("role"))})`;
    case "merchant.ownership_transferred":
      return `Transferred ownership to ${text("to")}`;
    case "merchant.updated":
      return `Changed settings: ${Array.isArray(m.fields) ? m.fields.join(", ") : ""}`;
    case "refund.issued":
      return `Refunded ${typeof m.amount === "number" ? formatNaira(m.amount) : ""} on ${text("reference")}`;
    case "api_key.created":
      return `Created the ${text("environment")} API keys`;
    case "api_key.rolled":
      return `Rolled the ${text("environment")} secret key`;
    case "api_key.revealed":
      return `Showed the ${text("environment")} secret key`;
    case "api_key.restricted_created":
      return `Created the ${text("environment")} restricted key “${text("name")}”`;
    case "api_key.restricted_revoked":
      return `Revoked the ${text("environment")} restricted key “${text("name")}”`;
    case "webhook.secret_rolled":
      return `Rolled a ${text("environment")} webhook signing secret`;
    case "merchant.two_factor_required":
      return "Required two-factor sign-in for every member";
    case "merchant.two_factor_not_required":
      return "Stopped requiring two-factor sign-in";
    case "account.two_factor_enabled":
      return "Turned on two-factor sign-in";
    case "account.two_factor_disabled":
      return "Turned off two-factor sign-in";
    case "account.recovery_codes_regenerated":
      return "Made new two-factor recovery codes";
    case "account.recovery_code_used":
      return `Signed in with a recovery code${typeof m.remaining === "number" ? ` (${m.remaining} left)` : ""}`;
    case "account.two_factor_removal_requested":
      return "Asked to remove two-factor sign-in with a password reset (takes effect after the wait)";
    case "account.two_factor_removal_cancelled":
      return "Cancelled the removal of two-factor sign-in (signed in with a code)";
    case "account.two_factor_removed_after_wait":
      return "Two-factor sign-in removed after the wait";
    default:
      return action;
  }
}
