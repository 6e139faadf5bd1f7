"use client";

import * as React from "react";

/** Returns a ref that receives focus whenever `key` becomes truthy or changes (e.g. after a success panel replaces a form). */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = React.useRef<T>(null);
  React.useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  return ref;
}
