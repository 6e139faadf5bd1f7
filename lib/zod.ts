import { z } from "zod";

// The one place zod is configured, and the one module the code imports z from (ESLint refuses "zod"
// elsewhere), so every schema, on the server and in the browser, is built with this configuration.

// Clear, field-level messages for the most common problem: a missing field.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
    return undefined;
  },
});

// In the browser zod compiles object parsers with `new Function`, which the pages' CSP (no
// 'unsafe-eval') refuses and reports as a violation. The server keeps the faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
