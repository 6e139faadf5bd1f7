"use client";

import * as React from "react";

/**
 * Applies a filter form as soon as a choice changes (a select, a date), so nobody has to find an
 * "Apply" button on a phone. Typing in the search box still waits for Enter. Without JavaScript the
 * form's own submit button does the same job.
 */
export function SubmitOnChange({ formId }: { formId: string }) {
  React.useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const onChange = (event: Event) => {
      const target = event.target;
      const isChoice = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "date");
      if (isChoice) form.requestSubmit();
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [formId]);
  return null;
}
