import pino from "pino";

// Structured JSON logs. Anything that could carry a secret is redacted by path.
// In production stdout is written asynchronously: lines logged while a write is under way go out
// together in the next one, instead of one blocking write(2) per line, which was a measurable share
// of an API request's CPU under load (bench/api-throughput.ts). pino flushes what is left on exit.
const destination = process.env.NODE_ENV === "production" ? pino.destination({ dest: 1, sync: false }) : undefined;

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "secret",
      "*.secret",
      "secretKey",
      "*.secretKey",
      "authorization",
      "*.authorization",
      "headers.cookie",
      "*.headers.cookie",
    ],
    censor: "[redacted]",
  },
}, destination);
