import { CopyButton } from "@/components/ui/copy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The initiate call an integrator can paste into a terminal: the secret key comes from the environment. */
export function initiateCurl(appUrl: string, merchantId: string): string {
  const body = JSON.stringify({ merchantId, amount: 250000, email: "customer@example.com" });
  return [
    `curl -X POST ${appUrl}/api/transactions/initiate \\`,
    `  -H "Authorization: Bearer $PAYLINK_SECRET_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

type Props = {
  merchantId: string;
  appUrl: string;
  /** The public key of the member's current view, when that mode has keys. */
  publicKey: { value: string; environment: "test" | "live" } | null;
};

/** Everything needed for a first API call: ids and a ready curl call (the secret key is under Test keys). */
export function GettingStarted({ merchantId, appUrl, publicKey }: Props) {
  const curl = initiateCurl(appUrl, merchantId);
  return (
    <Card className="mb-6" data-testid="getting-started">
      <CardHeader>
        <CardTitle as="h2">Get started</CardTitle>
        <CardDescription>
          Start a payment from your server with one call. Send your secret key in the <code className="font-mono">Authorization</code> header; it also names
          your business, so <code className="font-mono">merchantId</code> is optional with it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <CopyField label="Merchant ID" value={merchantId} testId="merchant-id" />
        {publicKey ? <CopyField label={`Public key (${publicKey.environment})`} value={publicKey.value} testId="getting-started-public-key" /> : null}
        <div className="grid grid-cols-1 gap-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium">Start a test payment</span>
            <CopyButton value={curl} label="curl command" />
          </div>
          <pre className="whitespace-pre-wrap break-all rounded-lg border bg-muted px-3 py-2 font-mono text-xs leading-relaxed" data-testid="initiate-curl">
            {curl}
          </pre>
          <p className="text-xs text-muted-foreground">
            Set <code className="font-mono">PAYLINK_SECRET_KEY</code> to your test secret key first (Test keys, below). The answer&apos;s{" "}
            <code className="font-mono">authorizationUrl</code> is the page to send your customer to; then verify the payment by its{" "}
            <code className="font-mono">reference</code>. The{" "}
            <a href="/docs" className="font-medium text-primary underline-offset-4 hover:underline">
              API reference
            </a>{" "}
            walks through the rest.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid grid-cols-1 gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-1.5">
        <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} label={label.toLowerCase()} />
      </div>
    </div>
  );
}
