"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

import { toast } from "@/components/ui/toast";
import { applyServerErrors, sendJson, useIdempotentPost, type ApiResult } from "@/lib/http/client";

export interface ResourceSaveOptions<T extends FieldValues> {
  /** The answer's key and the Idempotency-Key's prefix, e.g. "link" for `{ link: { id } }`. */
  kind: string;
  /** The collection's API URL; an edit goes to `${collection}/${id}`. */
  collection: string;
  edit: { id: string; method: "PATCH" | "PUT" } | null;
  /** Where the saved resource's page lives, e.g. "/dashboard/plans". */
  detailPath: string;
  created: string;
  saved: string;
  setError: UseFormSetError<T>;
  toField: (apiField: string) => Path<T> | null;
  /** Handles a failure its own way (e.g. a taken address on a field); returns true when it did. */
  onFailure?: (res: ApiResult) => boolean;
}

/** Creates (idempotently) or updates one resource from a create/edit page, then opens its page; or shows why not. */
export function useResourceSave<T extends FieldValues>(options: ResourceSaveOptions<T>) {
  const { kind, collection, edit, detailPath, created, saved, setError, toField, onFailure } = options;
  const router = useRouter();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const create = useIdempotentPost(kind);

  async function save(body: unknown) {
    setServerError(null);
    const res = edit ? await sendJson(edit.method, `${collection}/${encodeURIComponent(edit.id)}`, body) : await create.post(collection, body);
    if (res.ok) {
      const id: string = res.data?.[kind]?.id ?? edit?.id ?? "";
      toast.success(edit ? saved : created);
      router.push(`${detailPath}/${id}`);
      router.refresh();
      return;
    }
    if (onFailure?.(res)) return;
    setServerError(applyServerErrors(res, setError, toField));
  }

  return { serverError, save };
}
