import { z } from "zod";

// Every setting the app reads, in one place. Names match DESIGN.md exactly.
const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it when it starts the embedded database)"),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
  PAYMENT_PROCESSOR: z.enum(["sandbox", "paystack", "flutterwave"]).default("sandbox"),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default("https://api.paystack.co"),
  FLUTTERWAVE_SECRET_KEY: z.string().optional(),
  FLUTTERWAVE_SECRET_HASH: z.string().optional(),
  FLUTTERWAVE_BASE_URL: z.string().url().default("https://api.flutterwave.com"),
  SANDBOX_WEBHOOK_SECRET: z.string().optional(),
  /** How long to wait for a processor's API before answering 502. */
  PROCESSOR_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  RESEND_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().default("Paylink <no-reply@paylink.local>"),
  REDIS_URL: z.string().optional(),
  DEV_MAILBOX: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE_URLS: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof schema> & { appUrl: string; devMailbox: boolean };

let cached: Config | undefined;

/** Reads the environment once per process; throws a readable error on a bad setting. */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    devMailbox: env.NODE_ENV !== "production" || env.DEV_MAILBOX === "1",
  };
  return cached;
}

/** Forget the cached settings (tests change the environment between cases). */
export function reloadConfig(): void {
  cached = undefined;
}
