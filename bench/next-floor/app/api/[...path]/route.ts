// The framework floor: one App Router route handler doing exactly the bare baseline's SQL.
import { answer, type Answer } from "../../../same-sql";

const respond = (answered: Answer) =>
  new Response(answered.body, { status: answered.status, headers: { "content-type": answered.contentType, "cache-control": "no-store" } });

async function handle(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  return respond(await answer({ method: req.method, pathname, header: (name) => req.headers.get(name), body: () => req.text() }));
}

export const GET = handle;
export const POST = handle;
export const dynamic = "force-dynamic";
