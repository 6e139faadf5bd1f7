import type { MembershipRole } from "@/lib/db/generated/enums";
import { ROLE_PERMISSIONS, roleAllows, type Permission } from "./permissions";

/** For dashboard pages, whose context carries the role as a string: hide what the API would refuse. */
export function roleCan(role: string, permission: Permission): boolean {
  return role in ROLE_PERMISSIONS && roleAllows(role as MembershipRole, permission);
}
