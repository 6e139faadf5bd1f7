"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";

/**
 * A link whose page is fetched ahead only when pointed at or focused. Next's <Link> fetches every
 * link in view ahead of time: on mobile data that spends the merchant's data on pages never opened
 * (a list of payments fetched each payment's page, and the refund dialog's code with it).
 */
export function IntentLink({ href, onPointerEnter, onFocus, ...props }: Omit<React.ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string }) {
  const router = useRouter();
  return (
    <Link
      href={href}
      prefetch={false}
      {...props}
      onPointerEnter={(event) => {
        router.prefetch(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
