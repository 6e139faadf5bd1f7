import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Building2, CreditCard, FlaskConical, Smartphone } from "lucide-react";
import { db } from "@/lib/db/client";
import { pathKey } from "@/lib/api/find";
import { CHANNELS, type Channel } from "@/lib/payments/channels";
import { SANDBOX_CARDS } from "@/lib/processors/sandbox";
import { formatNaira, cn } from "@/lib/utils";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox checkout", robots: { index: false } };

const LOOKS: Record<Channel, { chosen: string; icon: typeof CreditCard }> = {
  card: { chosen: "Pay by card", icon: CreditCard },
  bank_transfer: { chosen: "Pay by bank transfer", icon: Building2 },
  ussd: { chosen: "Pay with USSD", icon: Smartphone },
};
const METHODS = CHANNELS.map(({ value, label }) => ({ id: value, label, ...LOOKS[value] }));
type Method = Channel;

// How each card pays now and, once saved for a subscription, how its renewals go.
const CARD_LABELS: Record<keyof typeof SANDBOX_CARDS, string> = {
  "4084084084084081": "Successful payment · renewals pay",
  "4000000000000341": "Pays now · renewals fail for lack of funds",
  "4000000000000069": "Pays now · card expires next month, later renewals fail",
  "4000000000000002": "Declined",
  "4000000000009995": "Insufficient funds",
};

type Props = { params: Promise<{ accessCode: string }>; searchParams: Promise<{ method?: string; error?: string }> };

// The sandbox processor's hosted checkout. Plain forms that post to the server: no JavaScript needed.
export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  const accessCode = pathKey((await params).accessCode);
  const query = await searchParams;
  const charge = await db.sandboxCharge.findUnique({ where: { accessCode } });
  // A charge of a saved card (no callback) has no checkout page.
  if (!charge?.callbackUrl) notFound();
  const callbackUrl = charge.callbackUrl;
  const transaction = await db.transaction.findUnique({ where: { reference: charge.reference }, select: { merchant: { select: { businessName: true } } } });
  // A method chosen on our pay page is not asked again (like Paystack's `channels`): only that one is offered.
  const fixed = METHODS.find((m) => m.id === charge.channel);
  const method: Method = fixed ? fixed.id : METHODS.some((m) => m.id === query.method) ? (query.method as Method) : "card";
  const action = `/checkout/sandbox/${accessCode}/pay`;

  return (
    <main className="min-h-dvh bg-muted/40 px-4 py-8">
      <div className="mx-auto w-full max-w-md space-y-4">
        <p className="flex items-center justify-center gap-2 rounded-full bg-warning-soft px-3 py-1.5 text-center text-xs font-medium text-warning-soft-foreground">
          <FlaskConical aria-hidden className="size-4" /> Sandbox: test payments only, no real money moves
        </p>
        <Card>
          <CardHeader>
            <CardDescription>{transaction?.merchant.businessName ?? "Merchant"}</CardDescription>
            <CardTitle as="h1" className="text-3xl">
              {formatNaira(Number(charge.amount))}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{charge.email}</p>
          </CardHeader>
          <CardContent className="space-y-5">
            {charge.status !== "pending" ? (
              <Alert variant="info" title="This payment has already been processed">
                <a className="underline" href={`${callbackUrl}${callbackUrl.includes("?") ? "&" : "?"}reference=${charge.reference}`}>
                  Return to the merchant
                </a>
              </Alert>
            ) : (
              <>
                {fixed ? (
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <fixed.icon aria-hidden className="size-4 text-muted-foreground" /> {fixed.chosen}
                  </p>
                ) : (
                  <nav aria-label="Payment method" className="grid grid-cols-3 gap-2">
                    {METHODS.map(({ id, label, icon: Icon }) => (
                      <Link
                        key={id}
                        href={`?method=${id}`}
                        aria-current={id === method ? "page" : undefined}
                        className={cn(
                          "flex min-h-11 flex-col items-center justify-center gap-1 rounded-md border px-2 py-2 text-xs font-medium",
                          id === method ? "border-primary bg-primary/5 text-primary" : "border-border text-muted-foreground hover:bg-muted",
                        )}
                      >
                        <Icon aria-hidden className="size-4" /> {label}
                      </Link>
                    ))}
                  </nav>
                )}
                {query.error ? <Alert variant="error">{query.error}</Alert> : null}
                {method === "card" ? (
                  <CardForm action={action} />
                ) : (
                  <ManualForm action={action} method={method} reference={charge.reference} amount={Number(charge.amount)} />
                )}
                <form action={action} method="post">
                  <input type="hidden" name="method" value="cancel" />
                  <Button type="submit" variant="ghost" className="w-full">
                    Cancel payment
                  </Button>
                </form>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

function CardForm({ action }: { action: string }) {
  return (
    <div className="space-y-4">
      <form action={action} method="post" className="space-y-3">
        <input type="hidden" name="method" value="card" />
        <div className="space-y-1.5">
          <Label htmlFor="cardNumber">Card number</Label>
          <Input id="cardNumber" name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4084 0840 8408 4081" required />
        </div>
        <Button type="submit" className="w-full">
          Pay
        </Button>
      </form>
      <div className="space-y-2">
        <p className="text-sm font-medium">Test cards</p>
        <p className="text-xs text-muted-foreground">A card that pays is saved, so a subscription can charge it again.</p>
        <ul className="space-y-2">
          {(Object.keys(SANDBOX_CARDS) as (keyof typeof SANDBOX_CARDS)[]).map((number) => (
            <li key={number}>
              <form action={action} method="post" className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <input type="hidden" name="method" value="card" />
                <input type="hidden" name="cardNumber" value={number} />
                <span className="text-sm">
                  <span className="block font-mono">{number.replace(/(\d{4})(?=\d)/g, "$1 ")}</span>
                  <span className="text-muted-foreground">{CARD_LABELS[number]}</span>
                </span>
                <Button type="submit" size="sm" variant="outline">
                  Use card
                </Button>
              </form>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ManualForm({ action, method, reference, amount }: { action: string; method: Exclude<Channel, "card">; reference: string; amount: number }) {
  return (
    <form action={action} method="post" className="space-y-4">
      <input type="hidden" name="method" value={method} />
      {method === "bank_transfer" ? (
        <dl className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 text-sm">
          <dt className="text-muted-foreground">Bank</dt>
          <dd className="font-medium">Sandbox Bank</dd>
          <dt className="text-muted-foreground">Account number</dt>
          <dd className="font-mono font-medium">0123456789</dd>
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-medium">{formatNaira(amount)}</dd>
        </dl>
      ) : (
        <div className="rounded-md bg-muted p-4 text-center">
          <p className="text-sm text-muted-foreground">Dial on your phone</p>
          <p className="mt-1 font-mono text-xl font-semibold">*737*000*{reference.slice(-6).toUpperCase()}#</p>
        </div>
      )}
      <Button type="submit" className="w-full">
        {method === "bank_transfer" ? "I've sent the money" : "I've approved on my phone"}
      </Button>
    </form>
  );
}
