import type { Metadata } from "next";
import Link from "next/link";
import { Webhook } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { formatLagosDateTime } from "@/components/transactions/transaction-display";
import { EndpointActions, ResendButton } from "@/components/webhooks/webhook-actions";
import { WebhookFormDialog } from "@/components/webhooks/webhook-form-dialog";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { EVENT_TYPES } from "@/lib/webhooks/outbox";
import { attemptsFor, listDeliveries } from "@/lib/webhooks/queries";
import { deliveryListQuery, DELIVERY_STATUSES } from "@/lib/webhooks/schemas";
import type { DeliveryResponse, WebhookResponse } from "@/lib/webhooks/serializers";
import { listEndpoints } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Webhooks" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const description = "Signed events sent to your server when payments and invoices change.";
  if (!roleCan(role, "webhooks:manage")) {
    return (
      <>
        <PageHeader title="Webhooks" description={description} />
        <Alert variant="warning" title="Only owners, admins and developers manage webhooks" />
      </>
    );
  }
  const raw = await searchParams;
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const endpoints = await listEndpoints(scope);
  if (endpoints.length === 0) {
    return (
      <>
        {/* The add dialog sits in the header on both branches, so it survives the refresh after creation. */}
        <PageHeader title="Webhooks" description={description} actions={<WebhookFormDialog merchantId={merchant.id} />} />
        <EmptyState
          icon={<Webhook />}
          title="No webhook endpoints yet"
          description="Add an HTTPS endpoint to receive signed events such as transaction.completed. Every delivery attempt is logged here."
        />
      </>
    );
  }
  const selected = endpoints.find((e) => e.id === first(raw.endpoint)) ?? endpoints[0]!;
  const parsed = deliveryListQuery.safeParse({ status: first(raw.status), eventType: first(raw.eventType), cursor: first(raw.cursor) });
  const query = parsed.success ? parsed.data : { limit: 25 };
  const page = await listDeliveries(scope, selected.id, query).catch(() => listDeliveries(scope, selected.id, { limit: 25 }));
  const attempts = await attemptsFor(page.data.map((d) => d.id));

  return (
    <>
      <PageHeader title="Webhooks" description={description} actions={<WebhookFormDialog merchantId={merchant.id} />} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <nav aria-label="Endpoints" className="grid grid-cols-1 content-start gap-2">
          {endpoints.map((e) => (
            <Link
              key={e.id}
              href={`/dashboard/webhooks?endpoint=${e.id}`}
              aria-current={e.id === selected.id ? "page" : undefined}
              className="rounded-xl border bg-card p-3 shadow-card hover:bg-muted/50 aria-[current=page]:border-primary"
            >
              <span className="block truncate font-mono text-xs">{e.url}</span>
              <span className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
                <EndpointStatus endpoint={e} />
                {e.description}
              </span>
            </Link>
          ))}
        </nav>
        <section aria-labelledby="endpoint-title" className="grid grid-cols-1 content-start gap-4">
          <div className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id="endpoint-title" className="break-all font-mono text-sm font-semibold">
                  {selected.url}
                </h2>
                <p className="text-sm text-muted-foreground">{selected.description || "No description"}</p>
              </div>
              <WebhookFormDialog merchantId={merchant.id} webhook={selected} />
            </div>
            <div className="flex flex-wrap gap-1">
              {selected.events.map((type) => (
                <Badge key={type} variant="neutral" className="font-mono">
                  {type}
                </Badge>
              ))}
            </div>
            <EndpointActions merchantId={merchant.id} webhookId={selected.id} active={selected.active && !selected.disabledAt} />
          </div>
          <DeliveryFilters endpointId={selected.id} status={query.status} eventType={query.eventType} />
          <DeliveryLog merchantId={merchant.id} webhookId={selected.id} deliveries={page.data} attempts={attempts} />
          {page.nextCursor ? (
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link
                href={`/dashboard/webhooks?${new URLSearchParams({ endpoint: selected.id, ...(query.status && { status: query.status }), ...(query.eventType && { eventType: query.eventType }), cursor: page.nextCursor })}`}
              >
                Older deliveries
              </Link>
            </Button>
          ) : null}
        </section>
      </div>
    </>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookResponse }) {
  if (endpoint.disabledAt) return <Badge variant="destructive">Disabled after failures</Badge>;
  if (!endpoint.active) return <Badge variant="neutral">Disabled</Badge>;
  if (endpoint.failingSince) return <Badge variant="warning">Failing</Badge>;
  return <Badge variant="success">Active</Badge>;
}

const STATUS_BADGE = { PENDING: "info", SUCCEEDED: "success", FAILED: "destructive" } as const;

function DeliveryFilters({ endpointId, status, eventType }: { endpointId: string; status?: string; eventType?: string }) {
  return (
    <form method="get" action="/dashboard/webhooks" role="search" aria-label="Filter deliveries" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="endpoint" value={endpointId} />
      <label className="grid gap-1 text-sm">
        Status
        <NativeSelect name="status" defaultValue={status ?? ""} options={DELIVERY_STATUSES.map((s) => ({ value: s, label: s.toLowerCase() }))}>
          <option value="">All</option>
        </NativeSelect>
      </label>
      <label className="grid gap-1 text-sm">
        Event
        <NativeSelect name="eventType" defaultValue={eventType ?? ""} options={[...EVENT_TYPES, "webhook.test"]}>
          <option value="">All</option>
        </NativeSelect>
      </label>
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </form>
  );
}

type Attempts = Awaited<ReturnType<typeof attemptsFor>>;

function DeliveryLog({
  merchantId,
  webhookId,
  deliveries,
  attempts,
}: {
  merchantId: string;
  webhookId: string;
  deliveries: DeliveryResponse[];
  attempts: Attempts;
}) {
  if (deliveries.length === 0)
    return <p className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <ul aria-label="Delivery log" className="divide-y rounded-xl border bg-card shadow-card">
      {deliveries.map((d) => (
        <li key={d.id} data-testid="delivery">
          <details className="group">
            <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3 hover:bg-muted/50">
              <Badge variant={STATUS_BADGE[d.status]}>{d.status.toLowerCase()}</Badge>
              <span className="font-mono text-xs">{d.eventType}</span>
              <span className="text-xs text-muted-foreground">
                {d.attemptCount} {d.attemptCount === 1 ? "attempt" : "attempts"}
                {d.lastStatusCode ? ` · HTTP ${d.lastStatusCode}` : ""}
              </span>
              <span className="ml-auto text-xs text-muted-foreground">{formatLagosDateTime(d.createdAt)}</span>
            </summary>
            <div className="grid gap-3 border-t bg-muted/30 px-4 py-3 text-sm">
              <p className="text-xs text-muted-foreground">
                webhook-id <span className="font-mono">{d.eventId}</span>
                {d.nextAttemptAt ? ` · next attempt ${formatLagosDateTime(d.nextAttemptAt)}` : ""}
              </p>
              {(attempts.get(d.id) ?? []).map((a) => (
                <div key={a.id} className="grid gap-1 rounded-md border bg-background p-3">
                  <p className="text-xs">
                    <strong>{a.succeeded ? "Delivered" : "Failed"}</strong> · {formatLagosDateTime(a.attemptedAt)} ·{" "}
                    {a.statusCode ? `HTTP ${a.statusCode}` : "no response"} · {a.durationMs} ms
                  </p>
                  {a.error ? <p className="text-xs text-destructive">{a.error}</p> : null}
                  {a.responseBody ? <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{a.responseBody}</pre> : null}
                </div>
              ))}
              <ResendButton merchantId={merchantId} webhookId={webhookId} deliveryId={d.id} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
