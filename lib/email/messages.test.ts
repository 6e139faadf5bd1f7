import { describe, expect, it } from "vitest";
import { extractLinks, invitationEmail, passwordResetEmail, verificationEmail } from "./messages";

const url = "https://app.paylink.test/verify-email?token=Abc_123-xyz";

describe("email messages", () => {
  it("builds the verification e-mail", async () => {
    const message = await verificationEmail({ to: "ada@example.com", firstName: "Ada", url });
    expect(message.to).toBe("ada@example.com");
    expect(message.subject).toBe("Verify your email address");
    expect(message.html).toContain(`href="${url}"`);
    expect(message.text).toContain(url);
    expect(message.html).toContain("Verify email address");
    expect(message.text).toContain("24 hours");
    expect(message.text).toContain("Hi Ada,");
    expect(message.html).toContain("#0f766e");
    expect(message.text).toContain("You received this email because of an action on your Paylink account.");
  });

  it("builds the password reset e-mail", async () => {
    const resetUrl = "https://app.paylink.test/reset-password?token=r3s3t";
    const message = await passwordResetEmail({ to: "ada@example.com", firstName: "Ada", url: resetUrl });
    expect(message.subject).toBe("Reset your Paylink password");
    expect(message.html).toContain(`href="${resetUrl}"`);
    expect(message.text).toContain(resetUrl);
    expect(message.text).toContain("1 hour");
    expect(message.text).toContain("If you didn't ask, ignore this email");
  });

  it("builds the invitation e-mail", async () => {
    const inviteUrl = "https://app.paylink.test/invitations/accept?token=inv1";
    const message = await invitationEmail({
      to: "bola@example.com",
      inviterName: "Ada Lovelace",
      businessName: "Ada's Kitchen",
      role: "ADMIN",
      url: inviteUrl,
    });
    expect(message.subject).toBe("You're invited to join Ada's Kitchen on Paylink");
    expect(message.html).toContain(`href="${inviteUrl}"`);
    expect(message.text).toContain(inviteUrl);
    expect(message.text).toContain("Ada Lovelace");
    expect(message.text).toContain("Admin");
    expect(message.text).toContain("7 days");
  });

  it("escapes user-supplied names and keeps subjects on one line", async () => {
    const message = await invitationEmail({
      to: "bola@example.com",
      inviterName: "<script>alert(1)</script>",
      businessName: "Evil\r\nBcc: x@example.com",
      role: "VIEWER",
      url,
    });
    expect(message.html).not.toContain("<script>");
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});

describe("extractLinks", () => {
  it("finds each http(s) link once, labelled by the text before it", async () => {
    const message = await verificationEmail({ to: "ada@example.com", firstName: "Ada", url });
    expect(extractLinks(message.text)).toEqual([{ url, label: "Verify email address" }]);
  });

  it("trims trailing punctuation and ignores other schemes", () => {
    expect(extractLinks("See http://a.test/x. Or mailto:b@c.d, or (https://b.test/y).")).toEqual([
      { url: "http://a.test/x", label: "See" },
      { url: "https://b.test/y", label: "Or mailto:b@c.d, or" },
    ]);
  });
});
