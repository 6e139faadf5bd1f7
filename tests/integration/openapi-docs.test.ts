// /docs lists every operation by its summary under its resource's tag: keep those names short (the
// detail belongs in `description`), so the reference reads like a table of contents.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

describe("the reference's operation names", () => {
  it("are short: at most 40 characters, no sentence after a colon, no trailing period", () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { summary?: string }>> };
    const long: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const summary = item[method]?.summary;
        if (!summary) continue;
        if (summary.length > 40 || summary.includes(":") || summary.endsWith(".")) long.push(`${method.toUpperCase()} ${path}: ${summary}`);
      }
    }
    expect(long).toEqual([]);
  });
});
