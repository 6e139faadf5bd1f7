import { type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, fromMailbox, logIn, unique } from "./helpers";

/** The sidebar on desktop; on phones it lives in the drawer, opened first. */
async function dashboardNav(page: Page) {
  const open = page.getByRole("button", { name: "Open navigation menu" });
  if (await open.isVisible()) await open.click();
  return page.getByRole("navigation", { name: "Dashboard" }).filter({ visible: true });
}

test("the owner invites a developer, who joins as a new user from the dev mailbox and sees only what the role allows", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const owner = await createVerifiedMerchant(request, "Ada's Kitchen");
  const inviteeEmail = `dev.${unique()}@example.com`;

  // The owner invites from the Team page.
  await logIn(page, owner.email, owner.password);
  await page.goto("/dashboard/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email address").fill(inviteeEmail);
  await dialog.getByLabel("Role").selectOption("DEVELOPER");
  await expectAccessible(page, "invite dialog");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending.getByText(inviteeEmail)).toBeVisible();
  await expect(page.getByRole("list", { name: "Audit log" }).getByText(`Invited ${inviteeEmail} as Developer`)).toBeVisible();
  await page.screenshot({ path: `test-results/team-owner-${test.info().project.name}.png`, fullPage: true });

  // The invitation e-mail, from the dev mailbox.
  const [acceptUrl] = await fromMailbox(request, inviteeEmail, /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/);
  expect(acceptUrl).toBeTruthy();

  // The invitee, in a fresh session, creates an account on the accept page.
  await page.context().clearCookies();
  await page.goto(acceptUrl!);
  await expect(page.getByRole("heading", { name: "Join Ada's Kitchen" })).toBeVisible();
  await page.screenshot({ path: `test-results/team-accept-${test.info().project.name}.png`, fullPage: true });
  await expect(page.getByText("with the Developer role")).toBeVisible();
  await page.getByLabel("First name").fill("Tunde");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByLabel("Password", { exact: true }).fill("tunde-password-1");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page.getByRole("heading", { name: "You've joined Ada's Kitchen" })).toBeVisible();
  // Someone new is signed in by joining.
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A developer: API keys and webhooks yes; managing the team and reading the audit log no.
  const nav = await dashboardNav(page);
  await expect(nav.getByRole("link", { name: "Developers" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Webhooks" })).toBeVisible();
  await nav.getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByText(owner.email)).toBeVisible();
  await expect(members.getByText("Tunde Bello (you)")).toBeVisible();
  await expect(members.getByText("Developer", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pending invitations" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Audit log" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);

  await page.screenshot({ path: `test-results/team-developer-${test.info().project.name}.png`, fullPage: true });

  // The API agrees with what the page hides.
  expect((await page.request.get(`/api/merchants/${owner.merchantId}/audit-logs`)).status()).toBe(403);
  expect((await page.request.get(`/api/merchants/${owner.merchantId}/members`)).status()).toBe(200);
  expect(errors).toEqual([]);
});

test("an invitation link that is not valid says so", async ({ page }) => {
  await page.goto("/invitations/accept?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
  await expect(page.getByText("This invitation link is invalid")).toBeVisible();
});
