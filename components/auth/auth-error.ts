import { apiErrorMessage, messageFrom, type ApiResult } from "@/lib/http/client";

/** A failed auth request's words: a 400's own message (else `invalid`, e.g. an expired link), or one by status. */
export function authErrorMessage(res: ApiResult, invalid: string): string {
  return res.status === 400 ? (messageFrom(res.data) ?? invalid) : apiErrorMessage(res.status, res.data);
}
