import type * as React from "react";
import { ExternalLink } from "lucide-react";

import { BackLink } from "@/components/dashboard/back-link";
import { ShareActions } from "@/components/payment-links/share-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FitText } from "@/components/ui/fit-text";
import { cn } from "@/lib/utils";

export interface DetailHeadingProps {
  /** A small line above the title, e.g. "Test subscription". */
  eyebrow?: string;
  title: React.ReactNode;
  badge: React.ReactNode;
  /** The price or amount under the title. */
  subtitle: React.ReactNode;
  /** What the reader may do with the record, beside the title. */
  actions?: React.ReactNode;
}

/** The top of a detail page (payment link, plan, subscription): name and status, a line under it, actions beside. */
export function DetailHeading({ eyebrow, title, badge, subtitle, actions }: DetailHeadingProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? <p className="text-sm text-muted-foreground">{eyebrow}</p> : null}
        <h1 className={cn("flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight", eyebrow && "mt-1")}>
          <span className="break-words">{title}</span>
          {badge}
        </h1>
        <p className="mt-1 text-lg tabular-nums text-muted-foreground">{subtitle}</p>
      </div>
      {actions}
    </div>
  );
}

/** A hosted page's address in full, wrapping anywhere, with a copy button. */
export function UrlBox({ url, copyLabel, className, testId }: { url: string; copyLabel: string; className: string; testId?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-lg border bg-muted/50 py-1 pl-3 pr-1">
      <span data-testid={testId} className={cn("min-w-0 flex-1 break-all font-mono", className)}>
        {url}
      </span>
      <CopyButton value={url} label={copyLabel} />
    </div>
  );
}

/** A card on a detail page with an h2 title and, optionally, a line under it; the content (CardContent) is the caller's. */
export function DetailCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children}
    </Card>
  );
}

export interface ShareCardProps {
  url: string;
  /** What a shared message is titled: the link's or plan's name. */
  title: string;
  description: string;
  copyLabel: string;
  openLabel: string;
}

/** The "Share" card of a payment link or plan: its page's address, the ways to send it, and a button to open it. */
export function ShareCard({ url, title, description, copyLabel, openLabel }: ShareCardProps) {
  return (
    <DetailCard title="Share" description={description}>
      <CardContent className="grid gap-4">
        <UrlBox url={url} copyLabel={copyLabel} className="text-sm" testId="share-url" />
        <div className="flex flex-wrap gap-2">
          <ShareActions url={url} title={title} className="contents" />
          <Button asChild variant="outline" size="sm">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {openLabel}
            </a>
          </Button>
        </div>
      </CardContent>
    </DetailCard>
  );
}

/** Figures in tiles under a screen-reader heading, e.g. a link's visits and payments. */
export function StatTiles({ id, heading, className, stats }: { id: string; heading: string; className: string; stats: [label: string, value: string][] }) {
  return (
    <section aria-labelledby={id} className={cn("grid gap-3", className)}>
      <h2 id={id} className="sr-only">
        {heading}
      </h2>
      {stats.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl border bg-card p-3 shadow-card sm:p-4">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
          <FitText text={value} max="1.25rem" className="mt-1 font-semibold" />
        </div>
      ))}
    </section>
  );
}

/** The "Settings" card of a payment link or plan: label and value rows (null: a row left out). */
export function SettingsCard({ rows }: { rows: ([label: string, value: React.ReactNode] | null)[] }) {
  return (
    <DetailCard title="Settings">
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows
            .flatMap((row) => (row ? [row] : []))
            .map(([label, value]) => (
              <div key={label} className="grid grid-cols-[7.5rem_1fr] gap-2">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="min-w-0">{value}</dd>
              </div>
            ))}
        </dl>
      </CardContent>
    </DetailCard>
  );
}

/** Why the record is not doing its job (turned off, past due), above the page's body. */
export interface DetailNotice {
  variant: "info" | "warning" | "error";
  title: string;
  body: React.ReactNode;
}

export interface DetailPageProps {
  /** The list the record sits in, for the back link. */
  back: { href: string; label: string };
  heading: React.ReactNode;
  /** null: a notice that does not apply now. */
  notices?: (DetailNotice | null)[];
  /** The main column (two thirds from lg up) and the side column beside it. */
  main: React.ReactNode;
  side: React.ReactNode;
}

/** A record's detail page (payment link, plan, invoice, subscription): back link, heading, notices, two columns. */
export function DetailPage({ back, heading, notices = [], main, side }: DetailPageProps) {
  return (
    <>
      <BackLink href={back.href}>{back.label}</BackLink>
      {heading}
      {notices.map((notice) =>
        notice ? (
          <Alert key={notice.title} variant={notice.variant} title={notice.title} className="mb-6">
            {notice.body}
          </Alert>
        ) : null,
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 self-start lg:col-span-2">{main}</div>
        <div className="grid gap-6 self-start">{side}</div>
      </div>
    </>
  );
}
