import type { Metadata } from "next";
import { Activity } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { ApiKeyActions } from "@/components/developers/api-key-actions";
import { GettingStarted } from "@/components/developers/getting-started";
import { roleName } from "@/components/team/roles";
import { TestSecretKey } from "@/components/developers/test-secret-key";
import { CopyButton } from "@/components/ui/copy-button";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { listApiRequests } from "@/lib/api/request-log";
import { listApiKeys } from "@/lib/auth/api-keys";
import { roleAllows } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";
import type { MembershipRole } from "@/lib/db/generated/enums";

export const metadata: Metadata = { title: "Developers" };

const ENVIRONMENTS = [
  { value: "test", title: "Test keys", description: "For building and testing: payments use test cards and no money moves." },
  { value: "live", title: "Live keys", description: "For real payments from real customers." },
] as const;

export default async function DevelopersPage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleAllows(role as MembershipRole, "keys:manage")) {
    return (
      <>
        <PageHeader title="Developers" description="API keys and tools for accepting payments in your own app." />
        <Alert variant="info" title="Ask an owner, admin or developer">
          Your role ({roleName(role)}) cannot see or change API keys.
        </Alert>
      </>
    );
  }
  // Only roles that hold every power of a secret key may create or roll one (lib/auth/permissions.ts).
  const canIssue = roleAllows(role as MembershipRole, "keys:issue");
  const [keys, requests] = await Promise.all([listApiKeys(merchant.id), listApiRequests({ merchantId: merchant.id, environment: merchant.environment })]);
  const modeKey = keys.find((k) => k.environment === merchant.environment);
  const onlyOwners = <p className="text-xs text-muted-foreground">Only owners and admins can create or roll keys.</p>;

  return (
    <>
      <PageHeader title="Developers" description="API keys, test and live mode, and your integration's recent requests." />

      <Alert variant="info" title={`You're viewing ${merchant.environment} data`} className="mb-6">
        Test or live is each member&apos;s own choice: the Test/Live switch at the top changes your view, not your teammates&apos;. Each secret key always works
        in its own mode.
      </Alert>

      <GettingStarted
        merchantId={merchant.id}
        appUrl={config().appUrl}
        publicKey={modeKey ? { value: modeKey.publicKey, environment: modeKey.environment } : null}
      />

      <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {ENVIRONMENTS.map((env) => {
          const key = keys.find((k) => k.environment === env.value);
          return (
            <Card key={env.value} data-testid={`keys-${env.value}`}>
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <CardTitle as="h2">{env.title}</CardTitle>
                  {merchant.environment === env.value ? <Badge variant="success">Your current view</Badge> : null}
                </div>
                <CardDescription>{env.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                {key ? (
                  <>
                    <KeyField label="Public key" value={key.publicKey} copy />
                    {canIssue && key.secretKeyViewable ? (
                      <TestSecretKey merchantId={merchant.id} preview={key.secretKeyPreview} />
                    ) : (
                      <KeyField label="Secret key" value={key.secretKeyPreview} hint={secretHint(key, canIssue)} />
                    )}
                    <p className="text-xs text-muted-foreground">
                      Created <LagosTime value={key.createdAt} />
                      {key.lastUsedAt ? (
                        <>
                          {" "}
                          · last used <LagosTime value={key.lastUsedAt} />
                        </>
                      ) : (
                        " · never used"
                      )}
                    </p>
                    <div>{canIssue ? <ApiKeyActions merchantId={merchant.id} environment={env.value} mode="roll" /> : onlyOwners}</div>
                  </>
                ) : (
                  <div className="grid justify-items-start gap-3">
                    <p className="text-sm text-muted-foreground">No {env.value} keys yet.</p>
                    {canIssue ? <ApiKeyActions merchantId={merchant.id} environment={env.value} mode="create" /> : onlyOwners}
                  </div>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>

      <section aria-labelledby="request-log">
        <h2 id="request-log" className="mb-1 text-lg font-semibold">
          Recent API requests
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">
          The latest 50 {merchant.environment} requests made with a secret key or a login token. Dashboard clicks are not listed.
        </p>
        {requests.length === 0 ? (
          <EmptyState
            icon={<Activity />}
            headingLevel="h3"
            title="No API requests yet"
            description="Requests your integration makes will show up here with their status and timing."
          />
        ) : (
          <div className="rounded-xl border bg-card shadow-card">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Method</TableHead>
                  <TableHead>Path</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Time</TableHead>
                  <TableHead>When</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {requests.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell className="font-mono text-xs">{r.method}</TableCell>
                    <TableCell className="max-w-72 truncate font-mono text-xs" title={`${r.path} · ${r.requestId}`}>
                      {r.path}
                    </TableCell>
                    <TableCell>
                      <Badge variant={r.statusCode < 300 ? "success" : r.statusCode < 500 ? "warning" : "destructive"}>{r.statusCode}</Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{r.durationMs} ms</TableCell>
                    <TableCell className="text-muted-foreground">
                      <LagosTime value={r.createdAt} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </>
  );
}

/** Why the secret key is not shown here: the rule for live keys, a test key from before, or the role. */
function secretHint(key: { environment: "test" | "live"; secretKeyViewable: boolean }, canIssue: boolean): string {
  if (key.environment === "live") return "Shown in full only when created or rolled.";
  if (!canIssue) return "Only owners and admins can see the test secret key.";
  return "This test key was made before test keys could be shown again: roll it to get one you can see at any time.";
}

function KeyField({ label, value, hint, copy = false }: { label: string; value: string; hint?: string; copy?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-1.5">
        <code className="min-w-0 flex-1 truncate font-mono text-sm">{value}</code>
        {copy ? <CopyButton value={value} label={label.toLowerCase()} /> : null}
      </div>
      {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
    </div>
  );
}
