// The Developers page's request log: a plain GET form of filters (works without JavaScript), each
// request with its redacted bodies in a <details>, and cursor pages.
import { Activity, ArrowRight } from "lucide-react";

import { listHref } from "@/components/dashboard/list-params";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterActions } from "@/components/ui/filter-actions";
import { Input } from "@/components/ui/input";
import { NativeSelect, type SelectOption } from "@/components/ui/native-select";
import type { listApiRequests } from "@/lib/api/request-log";
import { API_REQUEST_METHODS, STATUS_CLASS_VALUES, type ApiRequestFilters } from "@/lib/api/request-log-query";

export const DEVELOPERS_PATH = "/dashboard/developers";

type Page = Awaited<ReturnType<typeof listApiRequests>>;
type Filters = Pick<ApiRequestFilters, "status" | "method" | "path" | "apiKeyId">;

export function requestLogHref(filters: Filters, cursor?: string): string {
  return `${listHref(DEVELOPERS_PATH, { status: filters.status, method: filters.method, path: filters.path, apiKeyId: filters.apiKeyId, cursor })}#request-log`;
}

export function RequestLog({
  page,
  filters,
  keys,
  environment,
  onLaterPage,
  ignored,
}: {
  page: Page;
  filters: Filters;
  keys: { id: string; label: string }[];
  environment: string;
  onLaterPage: boolean;
  ignored?: string;
}) {
  const filtered = Boolean(filters.status || filters.method || filters.path || filters.apiKeyId);
  return (
    <section aria-labelledby="request-log">
      <h2 id="request-log" className="mb-1 text-lg font-semibold">
        API requests
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {environment} requests made with a secret key or a login token in the last 30 days, newest first. Dashboard clicks are not listed. Secrets and card
        numbers in bodies are replaced by [redacted]; bodies over 8 KB are cut.
      </p>
      <form method="get" action={`${DEVELOPERS_PATH}#request-log`} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <SelectFilter label="Status" id="log-status" name="status" value={filters.status} options={STATUS_CLASS_VALUES} />
        <SelectFilter label="Method" id="log-method" name="method" value={filters.method} options={API_REQUEST_METHODS} />
        <Field label="Path contains" id="log-path">
          <Input id="log-path" name="path" defaultValue={filters.path ?? ""} placeholder="/payment-links" maxLength={200} />
        </Field>
        <SelectFilter label="Key" id="log-key" name="apiKeyId" value={filters.apiKeyId} options={keys.map((key) => ({ value: key.id, label: key.label }))} />
        <FilterActions label="Filter" clearHref={filtered ? `${DEVELOPERS_PATH}#request-log` : null} buttonClassName="flex-1" />
      </form>
      {ignored ? <p className="mb-3 text-sm text-destructive">{ignored}</p> : null}
      {page.data.length === 0 ? (
        <EmptyState
          icon={<Activity />}
          headingLevel="h3"
          title={filtered ? "No requests match these filters" : "No API requests yet"}
          description={filtered ? "Try fewer filters." : "Requests your integration makes will show up here with their status, timing and bodies."}
        />
      ) : (
        <div className="rounded-xl border bg-card shadow-card">
          <ul className="divide-y" aria-label="API requests">
            {page.data.map((r) => (
              <li key={r.id}>
                <details className="group px-4 py-3">
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-mono text-xs">{r.method}</span>
                    <span className="min-w-0 max-w-full flex-1 truncate font-mono text-xs">{r.path}</span>
                    <Badge variant={r.statusCode < 300 ? "success" : r.statusCode < 500 ? "warning" : "destructive"}>{r.statusCode}</Badge>
                    <span className="tabular-nums text-muted-foreground">{r.durationMs} ms</span>
                    <span className="text-muted-foreground">
                      <LagosTime value={r.createdAt} />
                    </span>
                  </summary>
                  <div className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2">
                    <p className="text-xs text-muted-foreground lg:col-span-2">
                      Request id <code className="font-mono">{r.requestId}</code>
                      {r.apiKeyId ? " · made with a secret key" : " · made with a login token"}
                    </p>
                    <Body title="Request body" value={r.requestBody} />
                    <Body title="Response body" value={r.responseBody} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <nav aria-label="Request log pages" className="flex flex-wrap justify-end gap-2 border-t px-4 py-3">
            {onLaterPage ? (
              <Button asChild variant="outline" size="sm">
                <a href={requestLogHref(filters)}>Back to newest</a>
              </Button>
            ) : null}
            {page.nextCursor ? (
              <Button asChild variant="outline" size="sm">
                <a href={requestLogHref(filters, page.nextCursor)}>
                  Older requests
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
            ) : null}
          </nav>
        </div>
      )}
    </section>
  );
}

function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A select whose empty choice, "Any", leaves the filter off. */
function SelectFilter(props: { label: string; id: string; name: string; value: string | undefined; options: ReadonlyArray<SelectOption> }) {
  return (
    <Field label={props.label} id={props.id}>
      <NativeSelect id={props.id} name={props.name} defaultValue={props.value ?? ""} options={props.options}>
        <option value="">Any</option>
      </NativeSelect>
    </Field>
  );
}

function Body({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-xs font-medium">{title}</h3>
      {value === null || value === undefined ? (
        <p className="text-xs text-muted-foreground">None</p>
      ) : (
        <pre className="max-h-80 overflow-auto rounded-md bg-muted p-2 font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>
      )}
    </div>
  );
}
