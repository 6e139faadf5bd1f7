import * as React from "react";

/**
 * True from the first time `open` is true. A dialog whose code loads on first use mounts then and
 * stays mounted, so it can animate closed and opens at once the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
