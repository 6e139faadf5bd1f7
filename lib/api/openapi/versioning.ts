// API versions in the document: the Paylink-Version request header on every operation, the version
// answered on every response, and a section of the guide listing the versions (from lib/api/versions.ts).
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "@/lib/zod";
import { API_VERSIONS, LATEST_VERSION, VERSION_HEADER, VERSION_NAMES } from "@/lib/api/versions";
import { ErrorBody } from "./operation";

const requestHeader = z
  .enum(VERSION_NAMES)
  .optional()
  .meta({
    param: {
      id: "PaylinkVersion",
      description: `The API version to answer in (${VERSION_NAMES.join(", ")}). Without it: your account's pinned version (the one of its first call), else the latest. An unknown version answers 400 \`invalid_api_version\`.`,
      example: LATEST_VERSION,
    },
  });

const BAD_VERSION = "An unknown `Paylink-Version` (`code` invalid_api_version; `knownVersions` lists the versions)";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/**
 * Every operation the route wrapper answers takes the header and may answer 400 for it (the version it
 * answered in is declared on every response with the other wrapper headers: ./headers.ts).
 */
export function withVersioning(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) version(op);
    }
  }
  return paths;
}

function version(op: ZodOpenApiOperationObject) {
  const header = op.requestParams?.header;
  const own = { [VERSION_HEADER]: requestHeader };
  op.requestParams = { ...op.requestParams, header: header instanceof z.ZodObject ? header.extend(own) : z.object(own) };
  const responses: ZodOpenApiResponsesObject = { ...op.responses };
  if (!responses["400"]) responses["400"] = { description: BAD_VERSION, content: { "application/json": { schema: ErrorBody } } };
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** The guide's section on versions, with the list from the code. */
export const VERSIONING_GUIDE = `
## API versions
Send \`${VERSION_HEADER}: ${LATEST_VERSION}\` to choose the version an answer is shaped by. Without the
header, your account answers in the version of its **first** API call (pinned then: the header's
version, else the latest), so a change we make later never reaches your integration unannounced. Every
answer names its version in the \`${VERSION_HEADER}\` response header; an unknown version answers 400
\`invalid_api_version\`. A webhook endpoint is pinned to the version of the request that created it:
its events (and their \`apiVersion\` field) are shaped by it. The events API answers in the request's
version. This document describes the latest version, ${LATEST_VERSION}.

${[...API_VERSIONS]
  .reverse()
  .map((v) => `- **${v.version}**: ${v.changes.join(" ")}`)
  .join("\n")}

The full changelog, with what each change means for an older integration, is \`docs/api-changelog.md\`.
`;
