"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError } from "react-hook-form";

import type { PageFormProps } from "@/components/ui/form-section";
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
  /** The API's body for a new resource, and for changes to one. */
  toCreateBody: (values: T) => unknown;
  toUpdateBody: (values: T) => unknown;
  /** What the page says: the toasts, the failure's title when creating and editing, and the create button. */
  text: { created: string; saved: string; notCreated: string; notSaved: string; create: string };
  /** The form's fields, where the API's field errors are shown; an error on any other field goes on top. */
  fields: ReadonlyArray<Path<T>>;
  /** Handles a failure its own way (e.g. a taken address on a field); returns true when it did. */
  onFailure?: (res: ApiResult, setError: UseFormSetError<T>) => boolean;
}

/**
 * The form of a create/edit page: checked when a field is left, then on every keystroke (errors appear
 * and clear as people type). Submitting creates (idempotently) or updates, then opens the resource's
 * page; or shows why not, on the fields the API named and above them. `pageForm` are PageForm's props.
 */
export function useResourceForm<T extends FieldValues>(options: ResourceFormOptions<T>) {
  const { resolver, defaultValues, kind, collection, edit, detailPath, toCreateBody, toUpdateBody, text, fields, onFailure } = options;
  const form = useForm<T>({ resolver, mode: "onTouched", defaultValues });
  const { setError } = form;
  const router = useRouter();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const create = useIdempotentPost(kind);

  async function save(values: T) {
    setServerError(null);
    const res = edit
      ? await sendJson(edit.method, `${collection}/${encodeURIComponent(edit.id)}`, toUpdateBody(values))
      : await create.post(collection, toCreateBody(values));
    if (res.ok) {
      const id: string = res.data?.[kind]?.id ?? edit?.id ?? "";
      toast.success(edit ? text.saved : text.created);
      router.push(`${detailPath}/${id}`);
      router.refresh();
      return;
    }
    if (onFailure?.(res, setError)) return;
    setServerError(applyServerErrors(res, setError, (field) => (fields.some((known) => known === field) ? (field as Path<T>) : null)));
  }

  const pageForm = {
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void form.handleSubmit(save)(event),
    error: serverError,
    errorTitle: edit ? text.notSaved : text.notCreated,
    busy: form.formState.isSubmitting,
    submitLabel: edit ? "Save changes" : text.create,
  } satisfies Omit<PageFormProps, "children">;

  return { form, pageForm };
}
