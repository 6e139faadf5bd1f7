import { describe, expect, it } from "vitest";
import { extractLinks, fromHeader, invitationEmail, passwordResetEmail, receiptEmail, verificationEmail } from "./messages";

const url = "https://app.paylink.test/verify-email?token=Abc_123-xyz";

describe("email messages", () => {
  const resetUrl = "https://app.paylink.test/reset-password?token=r3s3t";
  const inviteUrl = "https://app.paylink.test/invitations/accept?token=inv1";
  // Each e-mail: its subject, its link in both parts, and the words it must say.
  it.each([
    {
      name: "verification",
      build: () => verificationEmail({ to: "ada@example.com", firstName: "Ada", url }),
      to: "ada@example.com",
      subject: "Verify your email address",
      link: url,
      html: ["Verify email address", "#0f766e"],
      text: ["24 hours", "Hi Ada,", "You received this email because of an action on your Paylink account."],
    },
    {
      name: "password reset",
      build: () => passwordResetEmail({ to: "ada@example.com", firstName: "Ada", url: resetUrl }),
      to: "ada@example.com",
      subject: "Reset your Paylink password",
      link: resetUrl,
      html: [],
      text: ["1 hour", "If you didn't ask, ignore this email"],
    },
    {
      name: "invitation",
      build: () => invitationEmail({ to: "bola@example.com", inviterName: "Ada Lovelace", businessName: "Ada's Kitchen", role: "ADMIN", url: inviteUrl }),
      to: "bola@example.com",
      subject: "You're invited to join Ada's Kitchen on Paylink",
      link: inviteUrl,
      html: [],
      text: ["Ada Lovelace", "Admin", "7 days"],
    },
  ])("builds the $name e-mail", async ({ build, to, subject, link, html, text }) => {
    const message = await build();
    expect(message.to).toBe(to);
    expect(message.subject).toBe(subject);
    expect(message.html).toContain(`href="${link}"`);
    expect(message.text).toContain(link);
    for (const words of html) expect(message.html).toContain(words);
    for (const words of text) expect(message.text).toContain(words);
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

describe("the From header", () => {
  const from = "Paylink <no-reply@paylink.local>";

  it("is Paylink's own for Paylink's e-mails, and the quoted business via Paylink for e-mails on a business's behalf", () => {
    expect(fromHeader(from)).toBe(from);
    expect(fromHeader(from, "Paylink Security Team")).toBe('"“Paylink Security Team” via Paylink" <no-reply@paylink.local>');
    expect(fromHeader("no-reply@paylink.local", "Ada's Kitchen")).toBe('"“Ada\'s Kitchen” via Paylink" <no-reply@paylink.local>');
  });

  it("keeps a hostile business name inside the display name: no quotes, brackets or line breaks get through", () => {
    const header = fromHeader(from, 'Paylink" <security@paylink.com>\r\nBcc: x@example.com');
    expect(header).toMatch(/^"“[^"<>\r\n\\]*” via Paylink" <no-reply@paylink\.local>$/);
  });

  it("a receipt is sent on its business's behalf", async () => {
    const message = await receiptEmail({
      to: "chidi@example.com",
      businessName: "Paylink Security Team",
      customerName: null,
      item: null,
      lines: [],
      amount: "NGN 2,500.00",
      method: null,
      reference: "ref_1",
      date: "23 November 2026, 8:15 pm WAT",
      supportEmail: null,
      supportPhone: null,
      receiptUrl: "https://app.paylink.test/receipt/ref_1",
      pdfUrl: "https://app.paylink.test/receipt/ref_1/pdf",
      testMode: true,
    });
    expect(message.onBehalfOf).toBe("Paylink Security Team");
  });
});
