import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { config } from "@/lib/config";
import { extractLinks } from "@/lib/email/messages";
import { findStoredEmail } from "@/lib/email/send";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dev mailbox · Paylink", robots: { index: false, follow: false } };

function formatTime(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Africa/Lagos" }).format(date);
}

export default async function StoredEmailPage({ params }: { params: Promise<{ id: string }> }) {
  if (!config().devMailbox) notFound();
  const { id } = await params;
  const email = await findStoredEmail(id);
  if (!email) notFound();
  const links = extractLinks(email.text);

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <Link href="/dev/mailbox" className="text-sm font-medium text-teal-700 hover:underline">
        ← Back to the mailbox
      </Link>

      <header className="mt-4 mb-6">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">{email.subject}</h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-zinc-500">To</dt>
          <dd className="break-all text-zinc-900">{email.to}</dd>
          <dt className="text-zinc-500">Sent</dt>
          <dd className="text-zinc-900">
            <time dateTime={email.createdAt.toISOString()}>{formatTime(email.createdAt)}</time>
          </dd>
        </dl>
      </header>

      <section aria-labelledby="links-heading" className="mb-8 rounded-lg border border-teal-200 bg-teal-50 p-4">
        <h2 id="links-heading" className="text-sm font-semibold text-teal-900">
          Links in this e-mail
        </h2>
        {links.length === 0 ? (
          <p className="mt-2 text-sm text-teal-900/80">This e-mail has no links.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} className="block rounded-md text-sm text-teal-800 hover:underline" data-testid="email-link">
                  {link.label ? <span className="font-medium">{link.label}: </span> : null}
                  <span className="break-all">{link.url}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="html-heading" className="mb-8">
        <h2 id="html-heading" className="mb-2 text-sm font-semibold text-zinc-900">
          HTML version
        </h2>
        {/* The HTML is untrusted: an empty sandbox runs no scripts, submits no forms and cannot navigate. */}
        <iframe
          title={`HTML version of “${email.subject}”`}
          sandbox=""
          srcDoc={email.html}
          className="h-[640px] w-full rounded-lg border border-zinc-200 bg-white"
        />
      </section>

      <section aria-labelledby="text-heading">
        <h2 id="text-heading" className="mb-2 text-sm font-semibold text-zinc-900">
          Text version
        </h2>
        <pre className="overflow-x-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm leading-6 whitespace-pre-wrap break-words text-zinc-800">
          {email.text}
        </pre>
      </section>
    </main>
  );
}
