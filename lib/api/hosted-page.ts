import type { GetServerSidePropsContext } from "next";

import { pathKey } from "@/lib/api/find";
import { clearFlashCookie, FLASH_COOKIE, readFlash, type Flash } from "@/lib/payments/hosted-checkout";

/**
 * The start of a hosted page's getServerSideProps (/pay, /subscribe, /invoice, /billing): the record's
 * key from the path, a page that is never cached, and the flash a failed form post left (read once:
 * its cookie is cleared on the page's own path).
 */
export function openHostedPage({ params, req, res }: GetServerSidePropsContext, prefix: string, param: string): { key: string; flash: Flash | null } {
  const key = pathKey(params?.[param]);
  res.setHeader("cache-control", "private, no-store");
  const flash = readFlash(req.cookies[FLASH_COOKIE]);
  if (flash) res.setHeader("set-cookie", clearFlashCookie(`/${prefix}/${encodeURIComponent(key)}`));
  return { key, flash };
}
