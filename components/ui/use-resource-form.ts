"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError } from "react-hook-form";

import { toast } from "@/components/ui/toast";
import { applyServerErrors, sendJson, useIdempotentPost, type ApiResult } from "@/lib/http/client";

export interface ResourceFormOptions<T extends FieldValues> {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The answer's key and the Idempotency-Key's prefix, e.g. "link" for `{ link: { id } }`. */
  kind: string;
  /** The collection's API URL; an edit goes to `${collection}/${id}`. */
  collection: string;
  edit: { id: string; method: "PATCH" | "PUT" } | null;
  /** Where the saved resource's page lives, e.g. "/dashboard/plans". */
  detailPath: string;
  created: string;
  saved: string;
  toField: (apiField: string) => Path<T> | null;
  /** Handles a failure its own way (e.g. a taken address on a field); returns true when it did. */
  onFailure?: (res: ApiResult, setError: UseFormSetError<T>) => boolean;
}

/**
 * The form of a create/edit page: checked when a field is left, then on every keystroke (errors appear
 * and clear as people type). `save` creates (idempotently) or updates, then opens the resource's page;
 * or shows why not, on the fields the API named and in `serverError`.
 */
export function useResourceForm<T extends FieldValues>(options: ResourceFormOptions<T>) {
  const { resolver, defaultValues, kind, collection, edit, detailPath, created, saved, toField, onFailure } = options;
  const form = useForm<T>({ resolver, mode: "onTouched", defaultValues });
  const { setError } = form;
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
    if (onFailure?.(res, setError)) return;
    setServerError(applyServerErrors(res, setError, toField));
  }

  return { form, serverError, save };
}
