// One more app instance for the tests that need two processes on one database (the scale-out fault
// test, the shared processor breaker), in its own Node process with its own database pool: a plain
// HTTP server answering /api through the API lane (lib/api/lane, as `npm start` does) over the route
// modules of the sources. (Running the production server twice would prove nothing more about the
// database and cost a production build.) Prints "listening <port>".
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serveApi } from "@/lib/api/lane/node";
import { apiRouteFiles, apiRouteTable } from "@/lib/api/lane/routes";

const table = apiRouteTable(apiRouteFiles(path.resolve("app")).map(({ page, file }) => ({ page, load: () => import(path.resolve("app", file)) })));

const server = createServer((req, res) => {
  const { port } = server.address() as AddressInfo;
  serveApi(req, res, table, port).then((served) => {
    if (!served) res.writeHead(404).end();
  });
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
