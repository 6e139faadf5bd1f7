"use client";

import { Download } from "lucide-react";

import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Recovery codes, shown once: a list to copy, download or write down. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Paylink recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <div className="grid gap-3">
      <Alert variant="warning" title="Save these recovery codes now">
        Each code signs you in once if you lose your phone. They will not be shown again.
      </Alert>
      <ol
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-lg border bg-muted p-3 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="paylink-recovery-codes.txt">
            <Download aria-hidden="true" />
            Download codes
          </a>
        </Button>
        <CopyButton value={codes.join("\n")} label="recovery codes" />
      </div>
    </div>
  );
}
