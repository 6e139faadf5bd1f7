import * as React from "react";

/**
 * A controlled text field and its error. Typing clears the error: it spoke of what was there before.
 */
export function useTextField(initial: string | (() => string) = "") {
  const [value, setValue] = React.useState(initial);
  const [error, setError] = React.useState<string | undefined>();
  return {
    value,
    setValue,
    error,
    setError,
    /** Start again with `to` (empty by default) and no error. */
    reset(to = "") {
      setValue(to);
      setError(undefined);
    },
    onChange(event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
      setValue(event.target.value);
      setError(undefined);
    },
  };
}
