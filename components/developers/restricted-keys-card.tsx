import { KeyUsage } from "./key-usage";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Permission } from "@/lib/auth/permissions";
import type { listRestrictedKeys } from "@/lib/auth/restricted-keys";
import { CreateRestrictedKey } from "./create-restricted-key";
import { KEY_PERMISSION_NAMES } from "./key-permissions";

type Props = {
  merchantId: string;
  environment: "test" | "live";
  keys: Awaited<ReturnType<typeof listRestrictedKeys>>;
  grantable: Permission[];
};

/** Developers → "Restricted keys": the mode's named keys, each with its permissions and a revoke button. */
export function RestrictedKeysCard({ merchantId, environment, keys, grantable }: Props) {
  return (
    <Card className="mb-6" data-testid="restricted-keys">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">Restricted keys</CardTitle>
          <CreateRestrictedKey merchantId={merchantId} environment={environment} grantable={grantable} />
        </div>
        <CardDescription>
          Secret keys that can do only what you choose, e.g. read only, or payment links and invoices only. Each works in the mode it was made in ({environment}{" "}
          keys are listed); its secret is shown once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {environment} restricted keys yet.</p>
        ) : (
          <ul className="grid gap-3">
            {keys.map((key) => (
              <li key={key.id} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start">
                <div className="grid min-w-0 gap-1.5">
                  <h3 className="truncate text-sm font-semibold">{key.name}</h3>
                  <code className="font-mono text-xs text-muted-foreground">{key.secretKeyPreview}</code>
                  <ul className="flex flex-wrap gap-1.5" aria-label={`Permissions of ${key.name}`}>
                    {key.permissions.map((p) => (
                      <li key={p}>
                        <Badge variant="secondary" title={p}>
                          {KEY_PERMISSION_NAMES[p] ?? p}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                  <KeyUsage createdAt={key.createdAt} lastUsedAt={key.lastUsedAt} />
                </div>
                <ConfirmButton
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Revoke ${key.name}`}>
                      Revoke
                    </Button>
                  }
                  title={`Revoke “${key.name}”?`}
                  description="It stops working immediately: anything still using it gets 401 errors. This cannot be undone."
                  confirmLabel="Revoke key"
                  method="DELETE"
                  url={`/api/merchants/${merchantId}/restricted-keys/${key.id}`}
                  success="Key revoked"
                  destructive
                  errorTitle="Not revoked"
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
