import { z } from "zod";

// In the browser zod compiles object parsers with `new Function`, which the pages' CSP (no
// 'unsafe-eval') refuses and reports as a violation. Modules that build schemas for the browser import
// z from here, so this runs before any of their schemas exist. The server keeps the faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
