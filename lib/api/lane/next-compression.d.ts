// Next.js ships the `compression` middleware compiled into its own package, without types.
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function compression(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
