import { expect } from "vitest";
import type { ErrorCode } from "@/lib/api/error-codes";

type Expected = { message: unknown; code: ErrorCode; [key: string]: unknown };

/** An error body as the API answers it: the given fields exactly, plus its request id and its code's catalogue link. */
export function apiError(body: Expected) {
  return { ...body, requestId: expect.stringMatching(/^[\w.-]{8,64}$/), docUrl: expect.stringMatching(new RegExp(`/docs/errors#${body.code}$`)) };
}

/** A 400 validation_failed body with one field's error, as the API answers it. */
export function validationError(field: string, message: unknown) {
  return apiError({ message: "Validation failed", code: "validation_failed", param: field, errors: [{ field, message }] });
}
