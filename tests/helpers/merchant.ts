import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import { call } from "./api";

/** GET /api/merchants/:merchantId as the caller `token` names. */
export const getMerchant = (merchantId: string, token?: string, headers?: Record<string, string>) =>
  call(merchantRoute.GET, { path: `/api/merchants/${merchantId}`, params: { merchantId }, token, headers });

/** PUT /api/merchants/:merchantId as the caller `token` names. */
export const putMerchant = (merchantId: string, body: unknown, token?: string) =>
  call(merchantRoute.PUT, { method: "PUT", path: `/api/merchants/${merchantId}`, params: { merchantId }, body, token });
