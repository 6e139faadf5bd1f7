import type * as React from "react";

/**
 * A link drawn on the server with no client code of its own: a list of 25 rows no longer hydrates 50
 * <Link>s. Inside the dashboard, PageLinkRouter (one listener for the whole page) makes a click a
 * client-side navigation and fetches the page ahead when the link is pointed at or focused, as
 * IntentLink does; before hydration, or anywhere else, it is a plain link.
 */
export function PageLink({ href, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return <a href={href} data-page-link="" {...props} />;
}
