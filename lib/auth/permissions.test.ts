import { describe, expect, it } from "vitest";
import { API_KEY_PERMISSIONS, ROLE_PERMISSIONS, roleAllows } from "./permissions";
import type { MembershipRole } from "@/lib/db/generated/enums";

const ROLES = Object.keys(ROLE_PERMISSIONS) as MembershipRole[];

describe("keys:issue (create or roll a secret key)", () => {
  it.each(ROLES)("%s may issue keys exactly when it holds every permission a secret key has", (role) => {
    const holdsAll = API_KEY_PERMISSIONS.every((p) => roleAllows(role, p));
    expect(roleAllows(role, "keys:issue")).toBe(holdsAll);
  });

  it("leaves owners and admins able to issue keys, and developers only able to see them", () => {
    expect(ROLES.filter((role) => roleAllows(role, "keys:issue"))).toEqual(["OWNER", "ADMIN"]);
    expect(roleAllows("DEVELOPER", "keys:manage")).toBe(true);
  });

  it("never lets a secret key issue keys itself", () => {
    expect(API_KEY_PERMISSIONS).not.toContain("keys:issue");
    expect(API_KEY_PERMISSIONS).not.toContain("keys:manage");
  });
});
