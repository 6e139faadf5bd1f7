// The fees a merchant accepts, in the words lib/payouts/fee-quote.ts gives: one rendering for the
// landing page's pricing, sign-up and Settings → Payouts. Strings only, so client components can take it.
import { cn } from "@/lib/utils";

export type FeeTermsText = { processor: string; platform: string; example: string };

/** Processor fee, platform fee and what ₦10,000 nets, as a list. */
export function FeeTermsList({ terms, className }: { terms: FeeTermsText; className?: string }) {
  return (
    <div className={cn("grid gap-3 text-sm", className)} data-testid="fee-terms">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border bg-background p-4">
          <dt className="text-muted-foreground">Processor fee</dt>
          <dd className="mt-1 font-medium">{terms.processor}</dd>
        </div>
        <div className="rounded-lg border bg-background p-4">
          <dt className="text-muted-foreground">Platform fee</dt>
          <dd className="mt-1 font-medium">{terms.platform === "none" ? "None" : terms.platform}</dd>
        </div>
      </dl>
      <p className="font-medium">{terms.example}</p>
    </div>
  );
}

/** One short paragraph, for forms. */
export function FeeTermsNote({ terms }: { terms: FeeTermsText }) {
  return (
    <p className="text-xs leading-relaxed text-muted-foreground" data-testid="fee-terms">
      No monthly fee. Each payment pays the processor&apos;s fee, {terms.processor}, and{" "}
      {terms.platform === "none" ? "no platform fee" : <>a platform fee of {terms.platform}</>}. {terms.example}
    </p>
  );
}
