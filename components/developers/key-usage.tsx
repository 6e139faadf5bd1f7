import { LagosTime } from "@/components/transactions/transaction-display";

/** "Created … · last used …" (or "never used") under a key. */
export function KeyUsage({ createdAt, lastUsedAt }: { createdAt: Date | string; lastUsedAt: Date | string | null }) {
  return (
    <p className="text-xs text-muted-foreground">
      Created <LagosTime value={createdAt} />
      {lastUsedAt ? (
        <>
          {" "}
          · last used <LagosTime value={lastUsedAt} />
        </>
      ) : (
        " · never used"
      )}
    </p>
  );
}
