import { Resend } from "resend";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { fromHeader, type EmailMessage } from "./messages";
import { findById } from "@/lib/api/find";

export type { EmailMessage } from "./messages";

export type StoredEmailView = { to: string; subject: string; html: string; text: string; createdAt: Date };

let client: { key: string; resend: Resend } | undefined;

function resendClient(key: string): Resend {
  if (client?.key !== key) client = { key, resend: new Resend(key) };
  return client.resend;
}

/** Removes the API key from anything that is about to go into an error or a log. */
function scrub(message: string, key: string): string {
  return key ? message.split(key).join("[redacted]") : message;
}

/**
 * Sends one e-mail: through Resend when RESEND_API_KEY is set, otherwise into the dev mailbox
 * (the StoredEmail table, shown at /dev/mailbox and GET /api/dev/emails).
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const { RESEND_API_KEY: key, EMAIL_FROM: from, appUrl } = config();
  if (key) {
    let failure: string | undefined;
    try {
      const { data, error } = await resendClient(key).emails.send({
        from: fromHeader(from, message.onBehalfOf),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      if (error) failure = `${error.name}${error.statusCode ? ` (${error.statusCode})` : ""}: ${error.message}`;
      else log.info({ emailId: data?.id, subject: message.subject }, "email sent");
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    if (failure !== undefined) throw new Error(`Email could not be sent: ${scrub(failure, key)}`);
    return;
  }
  const stored = await db.storedEmail.create({
    data: { to: message.to, subject: message.subject, html: message.html, text: message.text },
    select: { id: true },
  });
  log.info({ subject: message.subject, mailbox: `${appUrl}/dev/mailbox/${stored.id}` }, "email stored in dev mailbox");
}

/** The dev mailbox for one address (compared case-insensitively), newest first. */
export async function listStoredEmails(to: string, limit = 50): Promise<StoredEmailView[]> {
  return db.storedEmail.findMany({
    where: { to: { equals: to.trim(), mode: "insensitive" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.max(1, Math.min(limit, 500)),
    select: { to: true, subject: true, html: true, text: true, createdAt: true },
  });
}

export type StoredEmailSummary = { id: string; to: string; subject: string; createdAt: Date };

/** The dev mailbox page: the latest e-mails to everyone, or to addresses containing `filter`. */
export async function recentStoredEmails(filter?: string, limit = 100): Promise<StoredEmailSummary[]> {
  const to = filter?.trim();
  return db.storedEmail.findMany({
    where: to ? { to: { contains: to, mode: "insensitive" } } : undefined,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.max(1, Math.min(limit, 500)),
    select: { id: true, to: true, subject: true, createdAt: true },
  });
}

/** One stored e-mail, or null (also for an id that is not a UUID). */
export async function findStoredEmail(id: string): Promise<(StoredEmailView & { id: string }) | null> {
  return findById(id, (uuid) =>
    db.storedEmail.findUnique({ where: { id: uuid }, select: { id: true, to: true, subject: true, html: true, text: true, createdAt: true } }),
  );
}
