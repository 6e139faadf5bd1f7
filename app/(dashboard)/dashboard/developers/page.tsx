import type { Metadata } from "next";

import { PageHeader } from "@/components/dashboard/page-header";
import { ApiKeyActions } from "@/components/developers/api-key-actions";
import { GettingStarted } from "@/components/developers/getting-started";
import { roleName } from "@/components/team/roles";
import { TestSecretKey } from "@/components/developers/test-secret-key";
import { RestrictedKeysCard } from "@/components/developers/restricted-keys-card";
import { CopyButton } from "@/components/ui/copy-button";
import { KeyUsage } from "@/components/developers/key-usage";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { listApiRequests } from "@/lib/api/request-log";
import { apiRequestsQuery } from "@/lib/api/request-log-query";
import { first, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { RequestLog } from "@/components/developers/request-log";
import { listApiKeys } from "@/lib/auth/api-keys";
import { KEY_GRANTABLE_PERMISSIONS, roleCan } from "@/lib/auth/permissions";
import { listRestrictedKeys } from "@/lib/auth/restricted-keys";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Developers" };

const LOG_PAGE_SIZE = 25;

const ENVIRONMENTS = [
  { value: "test", title: "Test keys", description: "For building and testing: payments use test cards and no money moves." },
  { value: "live", title: "Live keys", description: "For real payments from real customers." },
] as const;

export default async function DevelopersPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "keys:manage")) {
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
  const canIssue = roleCan(role, "keys:issue");
  const raw = await searchParams;
  // A hand-edited URL with an unusable filter should not break the page: drop the filters and say so.
  const parsed = apiRequestsQuery.safeParse({
    status: first(raw.status),
    method: first(raw.method),
    path: first(raw.path),
    apiKeyId: first(raw.apiKeyId),
    cursor: first(raw.cursor),
    limit: LOG_PAGE_SIZE,
  });
  const filters = parsed.success ? { status: parsed.data.status, method: parsed.data.method, path: parsed.data.path, apiKeyId: parsed.data.apiKeyId } : {};
  const ignored = parsed.success ? undefined : "The filters in this link were not understood and are ignored.";
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const [keys, restrictedKeys, log] = await Promise.all([
    listApiKeys(merchant.id),
    listRestrictedKeys(scope),
    loadWithCursor(parsed.success ? parsed.data.cursor : undefined, (cursor) => listApiRequests(scope, { ...filters, cursor, limit: LOG_PAGE_SIZE })),
  ]);
  // A restricted key may carry only what the member's own role holds (checked again by the API).
  const grantable = KEY_GRANTABLE_PERMISSIONS.filter((p) => roleCan(role, p));
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
                    <KeyUsage createdAt={key.createdAt} lastUsedAt={key.lastUsedAt} />
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

      <RestrictedKeysCard merchantId={merchant.id} environment={merchant.environment} keys={restrictedKeys} grantable={grantable} />

      <RequestLog
        page={log.page}
        filters={filters}
        keys={[
          ...keys.filter((k) => k.environment === merchant.environment).map((k) => ({ id: k.id, label: k.secretKeyPreview })),
          ...restrictedKeys.map((k) => ({ id: k.id, label: `${k.name} (${k.secretKeyPreview})` })),
        ]}
        environment={merchant.environment}
        onLaterPage={Boolean(log.cursor)}
        ignored={ignored}
      />
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
