import pino from "pino";

// Structured JSON logs. Anything that could carry a secret is redacted by path.
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
});
