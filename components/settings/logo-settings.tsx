"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { ImageUp, Trash2 } from "lucide-react";

import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, apiFieldErrors, postForm, sendJson } from "@/lib/http/client";

// Mirrors lib/merchants/logo.ts, which has the final word (it reads the file's bytes, not its name).
const TYPES = ["image/png", "image/jpeg", "image/webp"];
const MAX_BYTES = 512 * 1024;

/** The business's logo: upload a file (resized and served by us), or link an https image, or remove it. */
export function LogoSettings({
  merchantId,
  logoUrl,
  businessName,
  canEdit,
}: {
  merchantId: string;
  logoUrl: string | null;
  businessName: string;
  canEdit: boolean;
}) {
  const router = useRouter();
  const fileInput = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState<"upload" | "link" | "remove" | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const uploaded = logoUrl?.startsWith("/logos/") ?? false;
  const [link, setLink] = React.useState(uploaded ? "" : (logoUrl ?? ""));
  const base = `/api/merchants/${encodeURIComponent(merchantId)}`;

  async function upload(file: File) {
    setError(null);
    if (!TYPES.includes(file.type)) return setError("Choose a PNG, JPEG or WebP image.");
    if (file.size > MAX_BYTES) return setError(`That file is ${Math.ceil(file.size / 1024)} KB; the logo must be at most 512 KB.`);
    setBusy("upload");
    const form = new FormData();
    form.append("logo", file);
    const res = await postForm(`${base}/logo`, form);
    setBusy(null);
    if (fileInput.current) fileInput.current.value = "";
    if (res.ok) {
      toast.success("Logo uploaded");
      router.refresh();
      return;
    }
    setError(apiFieldErrors(res.data).logo ?? apiErrorMessage(res.status, res.data, "The logo was not uploaded."));
  }

  async function useLink(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const url = link.trim();
    if (!/^https:\/\/\S+$/.test(url)) return setError("Enter a full https:// address of an image.");
    setBusy("link");
    const res = await sendJson("PUT", base, { logoUrl: url });
    setBusy(null);
    if (res.ok) {
      toast.success("Logo address saved");
      router.refresh();
      return;
    }
    setError(apiFieldErrors(res.data).logoUrl ?? apiErrorMessage(res.status, res.data, "The logo address was not saved."));
  }

  async function remove() {
    setError(null);
    setBusy("remove");
    const res = await sendJson("DELETE", `${base}/logo`);
    setBusy(null);
    if (res.ok) {
      setLink("");
      toast.success("Logo removed");
      router.refresh();
      return;
    }
    setError(apiErrorMessage(res.status, res.data, "The logo was not removed."));
  }

  const initials =
    businessName
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join("") || "P";
  return (
    <section aria-labelledby="logo-heading" className="grid gap-4 border-b pb-6">
      <h3 id="logo-heading" className="text-sm font-semibold">
        Logo
      </h3>
      <ErrorAlert title="Logo not changed" message={error} />
      <div className="flex flex-wrap items-center gap-4">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- our /logos route or the merchant's own host
          <img
            src={logoUrl}
            alt={`${businessName} logo`}
            width={64}
            height={64}
            className="size-16 rounded-lg border bg-white object-contain"
            data-testid="logo-preview"
          />
        ) : (
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-lg bg-primary text-lg font-semibold text-primary-foreground">
            {initials}
          </span>
        )}
        <p className="min-w-0 flex-1 text-sm text-muted-foreground">
          {logoUrl ? (uploaded ? "Your uploaded logo." : "Linked from your own website.") : "No logo yet: your payment pages show your initials."} It appears on
          your payment pages, invoices, receipts and e-mails.
        </p>
      </div>
      {canEdit ? (
        <>
          <div className="grid gap-2">
            <Label htmlFor="logo-file">Upload a logo</Label>
            <input
              ref={fileInput}
              id="logo-file"
              type="file"
              accept={TYPES.join(",")}
              disabled={busy !== null}
              aria-describedby="logo-file-hint"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
              className="block w-full max-w-full text-sm file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium hover:file:bg-muted"
            />
            <p id="logo-file-hint" className="text-xs text-muted-foreground">
              PNG, JPEG or WebP, at most 512 KB. It is resized to fit 256 × 256 pixels; a square logo looks best.
            </p>
            {busy === "upload" ? (
              <p className="text-sm" role="status">
                Uploading…
              </p>
            ) : null}
          </div>
          <form onSubmit={useLink} className="grid gap-2" noValidate>
            <Label htmlFor="logo-url">Or use an image address</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id="logo-url"
                type="url"
                placeholder="https://"
                value={link}
                onChange={(e) => setLink(e.target.value)}
                disabled={busy !== null}
                className="min-w-0 flex-1 basis-56"
              />
              <Button type="submit" variant="outline" loading={busy === "link"} disabled={busy !== null && busy !== "link"}>
                <ImageUp aria-hidden="true" />
                Use address
              </Button>
            </div>
          </form>
          {logoUrl ? (
            <div>
              <Button type="button" variant="ghost" onClick={remove} loading={busy === "remove"} disabled={busy !== null && busy !== "remove"}>
                <Trash2 aria-hidden="true" />
                Remove logo
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
