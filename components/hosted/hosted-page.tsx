import Head from "next/head";
import type { ReactNode } from "react";
import { Lock } from "lucide-react";
import { LogoMark } from "@/components/brand/logo";
import type { FieldError } from "@/lib/api/errors";
import type { FormValues } from "@/lib/payments/hosted-checkout";
import { brandStyle } from "./brand";
import { PayForm, type PayFormProps } from "./pay-form";

export type HostedMerchant = { businessName: string; logoUrl: string | null; brandColor: string | null; supportEmail: string | null };

/** What every page with a pay form gets (/pay, /subscribe, /invoice), besides its own record. */
export type CheckoutPageProps = {
  merchant: HostedMerchant | null;
  /** Why a live record cannot be paid now, made on the server: the page ships no lib code. */
  pausedMessage: string | null;
  testMode: boolean;
  /** The failed post's errors and values (its flash), or the form's starting values. */
  errors: FieldError[];
  values: FormValues;
};

/**
 * The frame of every page a customer pays on: the merchant's name, logo and colour first, Paylink
 * only in the footer. Rendered on the server; these pages ship no framework JavaScript.
 */
export function HostedPage({
  title,
  merchant,
  testMode,
  children,
}: {
  title: string;
  merchant: HostedMerchant | null;
  testMode?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Head>
        <title>{merchant ? `${title} · ${merchant.businessName}` : title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="format-detection" content="telephone=no" />
      </Head>
      <div style={brandStyle(merchant?.brandColor)} className="flex min-h-dvh flex-col bg-muted/40">
        {/* The test-mode banner sits in the header (the banner landmark), so no content is outside a landmark. */}
        <header className="border-b bg-background">
          {testMode ? (
            <p className="bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-900">Test mode: no real money moves. Use the sandbox test cards.</p>
          ) : null}
          <div className="mx-auto flex w-full max-w-md items-center gap-3 px-4 py-4">
            {merchant ? <MerchantMark merchant={merchant} /> : <LogoMark />}
            <span className="truncate text-base font-semibold">{merchant?.businessName ?? "Paylink"}</span>
          </div>
        </header>
        <main className="mx-auto w-full max-w-md flex-1 px-4 py-6">{children}</main>
        <footer className="mx-auto flex w-full max-w-md flex-col items-center gap-1 px-4 pb-8 text-center text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Lock aria-hidden className="size-3" /> Payments secured by Paylink
          </span>
          {merchant?.supportEmail ? (
            <span>
              Questions?{" "}
              <a className="underline" href={`mailto:${merchant.supportEmail}`}>
                {merchant.supportEmail}
              </a>
            </span>
          ) : null}
        </footer>
      </div>
    </>
  );
}

function MerchantMark({ merchant }: { merchant: HostedMerchant }) {
  // An uploaded logo is served from our own origin (/logos/…); a linked one is any https URL.
  if (merchant.logoUrl?.startsWith("https://") || merchant.logoUrl?.startsWith("/logos/")) {
    // eslint-disable-next-line @next/next/no-img-element -- any merchant host; no image optimiser round trip on slow networks
    return <img src={merchant.logoUrl} alt="" width={36} height={36} className="size-9 rounded-md object-contain" />;
  }
  const initials = merchant.businessName
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
  return (
    <span aria-hidden className="flex size-9 items-center justify-center rounded-md bg-primary text-sm font-semibold text-primary-foreground">
      {initials || "P"}
    </span>
  );
}

/** A clear dead end: unknown, inactive, expired, full or paid. */
export function Unavailable({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border bg-background p-6 text-center shadow-sm" aria-labelledby="unavailable-heading">
      <h1 id="unavailable-heading" className="text-lg font-semibold">
        {heading}
      </h1>
      <div className="mt-2 text-sm text-muted-foreground">{children}</div>
    </section>
  );
}

export type CheckoutFrameProps = Omit<CheckoutPageProps, "pausedMessage"> & {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description: string | null;
  /** The price, shown large under the description (none for a link where the customer types the amount). */
  price: { text: string | null; testId: string };
  /** What the customer should know before paying, under the price. */
  children?: ReactNode;
  /** The pay form's own settings; its values and errors are the page's. It always asks the e-mail: a customer here is not yet known. */
  form: Omit<PayFormProps, "values" | "errors" | "askEmail">;
};

/** A page customers pay on (/pay, /subscribe): what it is for, its price, then the form; /pay.js only polishes it. */
export function CheckoutPage({ merchant, testMode, errors, values, id, title, description, price, children, form }: CheckoutFrameProps) {
  return (
    <HostedPage title={title} merchant={merchant} testMode={testMode}>
      <section className="rounded-lg border bg-background p-5 shadow-sm" aria-labelledby={id}>
        <h1 id={id} className="text-xl font-semibold leading-tight">
          {title}
        </h1>
        {description ? <p className="mt-2 whitespace-pre-line text-sm text-muted-foreground">{description}</p> : null}
        {price.text ? (
          <p className="mt-4 text-3xl font-bold tracking-tight" data-testid={price.testId}>
            {price.text}
          </p>
        ) : null}
        {children}
        <div className="mt-6">
          <PayForm {...form} askEmail values={values} errors={errors} />
        </div>
      </section>
      <script src="/pay.js" defer />
    </HostedPage>
  );
}

/** A whole page that is a dead end: the frame around one Unavailable card and its message. */
export function DeadEndPage({
  title,
  heading = title,
  merchant,
  children,
}: {
  title: string;
  heading?: string;
  merchant: HostedMerchant | null;
  children: ReactNode;
}) {
  return (
    <HostedPage title={title} merchant={merchant}>
      <Unavailable heading={heading}>
        <p>{children}</p>
      </Unavailable>
    </HostedPage>
  );
}

/** Shown instead of any hosted page while the database is unreachable (served with 503). */
export function OutagePage() {
  return (
    <DeadEndPage title="Temporarily unavailable" heading="We'll be right back" merchant={null}>
      Payments are briefly unavailable. Nothing has been charged. Please reload this page in a few seconds.
    </DeadEndPage>
  );
}
