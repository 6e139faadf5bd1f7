"use client";

import { Download } from "lucide-react";

import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

const FILE_NAME = "paylink-recovery-codes.txt";

/** Saves `text` as a file: a Blob behind a temporary link, released once the browser has it. */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Recovery codes, shown once: a list to copy, download or write down. A code never wraps (a broken
 * code is easy to copy down wrongly): columns are as wide as a code, as many as fit, one on a phone.
 */
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
        className="grid grid-cols-[repeat(auto-fill,minmax(20ch,1fr))] gap-x-4 gap-y-2 rounded-lg border bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => download(text)}>
          <Download aria-hidden="true" />
          Download codes
        </Button>
        <CopyButton value={codes.join("\n")} label="recovery codes" />
      </div>
    </div>
  );
}
