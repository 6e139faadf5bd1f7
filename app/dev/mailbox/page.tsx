import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { config } from "@/lib/config";
import { recentStoredEmails } from "@/lib/email/send";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dev mailbox · Paylink", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function formatTime(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "Africa/Lagos",
  }).format(date);
}

export default async function MailboxPage({ searchParams }: { searchParams: SearchParams }) {
  if (!config().devMailbox) notFound();
  const raw = (await searchParams).to;
  const filter = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 254) ?? "";
  const emails = await recentStoredEmails(filter || undefined, 100);

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Dev mailbox</h1>
        <p className="mt-1 text-sm text-zinc-600">
          E-mails the app would have sent. They are stored here because <code className="font-mono">RESEND_API_KEY</code> is not set. Showing the latest 100
          {filter ? ` for addresses containing “${filter}”` : ""}.
        </p>
      </header>

      <form method="get" action="/dev/mailbox" className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-zinc-700">
          Recipient
          <input
            type="search"
            name="to"
            defaultValue={filter}
            placeholder="name@example.com"
            autoComplete="off"
            className="h-10 rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 outline-none focus:border-teal-700 focus:ring-2 focus:ring-teal-700/20"
          />
        </label>
        <div className="flex gap-2">
          <button
            type="submit"
            className="h-10 rounded-md bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800 focus:outline-none focus:ring-2 focus:ring-teal-700/40"
          >
            Filter
          </button>
          {filter ? (
            <Link
              href="/dev/mailbox"
              className="inline-flex h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-700 hover:bg-zinc-50"
            >
              Clear
            </Link>
          ) : null}
        </div>
      </form>

      {emails.length === 0 ? (
        <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center">
          <p className="font-medium text-zinc-900">No e-mails yet</p>
          <p className="mt-1 text-sm text-zinc-600">
            {filter ? "Nothing has been sent to a matching address." : "Sign up or reset a password and the e-mail will show up here."}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
          {emails.map((email) => (
            <li key={email.id}>
              <Link href={`/dev/mailbox/${email.id}`} className="flex flex-col gap-1 px-4 py-3 hover:bg-zinc-50 sm:flex-row sm:items-center sm:gap-4">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-zinc-900">{email.subject}</span>
                  <span className="block truncate text-sm text-zinc-600">To: {email.to}</span>
                </span>
                <time dateTime={email.createdAt.toISOString()} className="shrink-0 text-sm text-zinc-500">
                  {formatTime(email.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
