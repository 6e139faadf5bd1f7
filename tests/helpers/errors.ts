import { expect } from "vitest";
import type { ErrorCode } from "@/lib/api/error-codes";
import type { CallResult } from "./api";

type Expected = { message: unknown; code: ErrorCode; [key: string]: unknown };

/** An error body as the API answers it: the given fields exactly, plus its request id and its code's catalogue link. */
export function apiError(body: Expected) {
  return { ...body, requestId: expect.stringMatching(/^[\w.-]{8,64}$/), docUrl: expect.stringMatching(new RegExp(`/docs/errors#${body.code}$`)) };
}

/** A 400 validation_failed body with one field's error, as the API answers it. */
export function validationError(field: string, message: unknown) {
  return apiError({ message: "Validation failed", code: "validation_failed", param: field, errors: [{ field, message }] });
}

/**
 * Bad input: `send` gets 400 Validation failed, with an error on `field` where one is named, and changes
 * nothing (`count`, the rows it would have written, is the same after). Returns the answer for more checks.
 */
export async function expectInvalidAndNothingStored(send: () => Promise<CallResult>, count: () => Promise<number>, field?: string) {
  const before = await count();
  const res = await send();
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("Validation failed");
  if (field) expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  expect(await count()).toBe(before);
  return res;
}
