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
    case "api_key.rolled":
      return "Rolled an API key";
    case "webhook.secret_rolled":
      return "Rolled a webhook signing secret";
    default:
      return action;
  }
}
