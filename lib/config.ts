import { z } from "@/lib/zod";
import { CATALOG, keySettingNames, PROCESSOR_NAMES, TEST_PROCESSOR, type ProcessorName, type ProcessorSettingName } from "@/lib/processors/catalog";

/** An optional number read elsewhere from process.env; an empty value counts as unset. */
const optionalNumber = (min: number, whole = true) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: "must be a number" })
      .refine((n) => !whole || Number.isInteger(n), "must be a whole number")
      .refine((n) => n >= min, `must be at least ${min}`)
      .optional(),
  );

/** An optional processor secret key whose prefix must be one of `prefixes`; an empty value counts as unset. */
const secretKey = (prefixes: string[], problem: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .refine((key) => prefixes.some((prefix) => key.startsWith(prefix)), problem)
      .optional(),
  );

// Every setting the app reads, in one place. Names match DESIGN.md exactly.
const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it when it starts the embedded database)"),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.string().url().optional(),
  AUTH_SECRET: z
    .string({ error: "AUTH_SECRET is required (32+ random characters)" })
    .min(32, "AUTH_SECRET must be at least 32 characters")
    // Long is not enough: 32 spaces, or "abc" repeated, is a key anyone can guess.
    .refine(
      (secret) => new Set(secret.replace(/\s/g, "")).size >= 10,
      "AUTH_SECRET must be random (at least 10 different characters, not spaces; e.g. openssl rand -base64 32)",
    ),
  PAYMENT_PROCESSOR: z.enum(PROCESSOR_NAMES).default(TEST_PROCESSOR),
  /** The route: processors new payments try in order (lib/payments/initiate.ts fails over along it). */
  PAYMENT_PROCESSORS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.split(",").map((name) => name.trim()) : undefined),
    z
      .array(z.enum(PROCESSOR_NAMES))
      .refine((names) => new Set(names).size === names.length, "must not name a processor twice")
      .optional(),
  ),
  /**
   * The platform's cut of each payment, in percent (at most two decimals), and its cap in kobo.
   * Default 1% capped at ₦1,000: with Paystack's 1.5% + ₦100 a merchant pays at most 2.5% + ₦100 in
   * all, and never more than ₦3,000 on one payment.
   */
  PLATFORM_FEE_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$|^100$/, "PLATFORM_FEE_PERCENT must be a percentage from 0 to 100 with at most two decimals")
    .default("1"),
  PLATFORM_FEE_CAP_KOBO: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().nonnegative().default(100_000)),
  /** How long to wait for a processor's API before answering 502. */
  PROCESSOR_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * The circuit breaker per processor and mode (lib/processors/breaker.ts): this many failures
   * (unreachable, timed out, 5xx, 429) within the window open it; after the cool-down one initiation probes.
   */
  PROCESSOR_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
  PROCESSOR_BREAKER_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  PROCESSOR_BREAKER_COOLDOWN_MS: z.coerce.number().int().positive().default(30_000),
  /** Settlement reads a second per processor and mode, across all instances (lib/processors/throttle.ts). */
  SETTLEMENT_READS_PER_SECOND: z.coerce.number().int().positive().default(5),
  RESEND_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().default("Paylink <no-reply@paylink.local>"),
  REDIS_URL: z.string().optional(),
  DEV_MAILBOX: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE_URLS: z.string().optional(),
  /** Unset: info, or silent under NODE_ENV=test (lib/log.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  // Read on every use through setting() (tests change them between cases).
  TRUST_PROXY: optionalNumber(0),
  RATE_LIMIT_SCALE: optionalNumber(Number.MIN_VALUE, false),
  WEBHOOK_TIMEOUT_MS: optionalNumber(1),
  /** Tests only: a PEM certificate webhook deliveries trust besides the public roots. */
  WEBHOOK_TEST_CA_FILE: z.string().optional(),
  API_CONTACT_EMAIL: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: optionalNumber(1),
  // Background jobs (lib/jobs): read through jobsConfig(); WORKERS=off by instrumentation.ts.
  WORKERS: z.enum(["on", "off"], { error: "must be on or off" }).optional(),
  JOBS_POOL_SIZE: optionalNumber(1),
  WEBHOOK_WORKERS: optionalNumber(1),
  WEBHOOK_BATCH_SIZE: optionalNumber(1),
  JOBS_STOP_TIMEOUT_MS: optionalNumber(1),
});

/**
 * Each processor's settings, named by its catalog entry (lib/processors/catalog.ts): keys per mode,
 * each refused when its prefix says the other mode; the older single key (mode by prefix); the API's
 * base URL; its other settings. The legacy name serves the mode its prefix says; explicit names win.
 */
function processorShape(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const entry of CATALOG) {
    if (entry.keys) {
      const { test, live } = entry.keys;
      const names = keySettingNames(entry.keys);
      shape[names.legacy] = secretKey([test, live], `must start with ${test} or ${live} (its prefix says its mode)`);
      shape[names.test] = secretKey([test], `must be a test key (${test}…)`);
      shape[names.live] = secretKey([live], `must be a live key (${live}…)`);
      shape[names.baseUrl] = z.string().url().default(entry.keys.baseUrl);
    }
    for (const extra of entry.settings) shape[extra.name] = z.string().optional();
  }
  return shape;
}

// Typed by the catalog's setting names: the shape is built from data, so zod cannot infer it.
const processorSchema = z.object(processorShape()) as unknown as z.ZodType<Partial<Record<ProcessorSettingName, string>>>;

export type Config = z.infer<typeof schema> &
  z.infer<typeof processorSchema> & {
    appUrl: string;
    devMailbox: boolean;
    /** PAYMENT_PROCESSORS, or PAYMENT_PROCESSOR as a one-processor route; PAYMENT_PROCESSOR is then its first. */
    processorRoute: [ProcessorName, ...ProcessorName[]];
  };

let cached: Config | undefined;

/** One line naming each bad setting; never its value (it may be a secret). */
function invalid(problems: string[]): Error {
  return new Error(`Invalid configuration: ${problems.join("; ")}`);
}

function describe(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const name = issue.path.join(".");
    if (issue.message.startsWith(name)) return issue.message;
    return /^[a-z]/.test(issue.message) ? `${name} ${issue.message}` : `${name}: ${issue.message}`;
  });
}

/** The route's names as the environment gives them (PAYMENT_PROCESSORS wins; unknown names are the schema's problem). */
function routeNames(env: NodeJS.ProcessEnv): string[] {
  const list = env.PAYMENT_PROCESSORS?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return list?.length ? list : [env.PAYMENT_PROCESSOR ?? TEST_PROCESSOR];
}

/**
 * Settings that only fail when first used: each routed processor's credentials (a key for at least one
 * mode) and required settings; and PAYMENT_PROCESSOR, when set beside a route, must be its first.
 */
function processorProblems(env: NodeJS.ProcessEnv): string[] {
  const names = routeNames(env);
  const problems: string[] = [];
  if (env.PAYMENT_PROCESSORS?.trim() && env.PAYMENT_PROCESSOR && env.PAYMENT_PROCESSOR !== names[0]) {
    problems.push(`PAYMENT_PROCESSOR must be the first of PAYMENT_PROCESSORS when both are set`);
  }
  for (const processor of CATALOG.filter((entry) => names.includes(entry.name))) {
    const setting = names.length > 1 ? `PAYMENT_PROCESSORS includes ${processor.name}` : `PAYMENT_PROCESSOR=${processor.name}`;
    if (processor.keys) {
      const keys = keySettingNames(processor.keys);
      if (![keys.test, keys.live, keys.legacy].some((name) => env[name])) {
        problems.push(`${keys.test} or ${keys.live} (or the older ${keys.legacy}) is required when ${setting}`);
      }
    }
    for (const extra of processor.settings) {
      if (extra.required && !env[extra.name]) problems.push(`${extra.name} is required when ${setting}`);
    }
  }
  return problems;
}

export type ProcessorMode = "test" | "live";

/**
 * The secret key a processor uses for one mode, or undefined when that mode has none (or the
 * processor takes no keys): the explicit `…_TEST_SECRET_KEY` / `…_LIVE_SECRET_KEY`, else the older
 * single name when its prefix says that mode. A key never serves the other mode (a live key must not
 * take test payments, nor the reverse).
 */
export function processorSecretKey(settings: Partial<Record<string, unknown>>, processor: ProcessorName, mode: ProcessorMode): string | undefined {
  const keys = CATALOG.find((entry) => entry.name === processor)?.keys;
  if (!keys) return undefined;
  const names = keySettingNames(keys);
  const explicit = settings[names[mode]];
  if (typeof explicit === "string" && explicit) return explicit;
  const legacy = settings[names.legacy];
  if (typeof legacy !== "string" || !legacy) return undefined;
  const legacyMode: ProcessorMode = legacy.startsWith(keys.live) ? "live" : "test";
  return legacyMode === mode ? legacy : undefined;
}

/**
 * The start check (npm start, npm run worker, the Next server's instrumentation): throws one line
 * naming every bad setting, so a process refuses to start instead of answering 500 later.
 * `databaseLater`: npm start fills DATABASE_URL itself when it starts the embedded database.
 */
export function assertValidConfig(env: NodeJS.ProcessEnv = process.env, options: { databaseLater?: boolean } = {}): void {
  const checked = options.databaseLater ? schema.extend({ DATABASE_URL: z.string().optional() }) : schema;
  const parsed = checked.safeParse(env);
  const processor = processorSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : describe(parsed.error.issues)),
    ...(processor.success ? [] : describe(processor.error.issues)),
    ...processorProblems(env),
  ];
  if (problems.length) throw invalid(problems);
}

/** Reads the environment once per process; throws a readable error on a bad setting. */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  const processor = processorSchema.safeParse(process.env);
  if (!parsed.success || !processor.success) throw invalid(describe([...(parsed.error?.issues ?? []), ...(processor.error?.issues ?? [])]));
  const env = parsed.data;
  const processorRoute = env.PAYMENT_PROCESSORS?.length
    ? (env.PAYMENT_PROCESSORS as Config["processorRoute"])
    : ([env.PAYMENT_PROCESSOR] as Config["processorRoute"]);
  cached = {
    ...env,
    PAYMENT_PROCESSOR: processorRoute[0],
    processorRoute,
    ...processor.data,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    devMailbox: env.NODE_ENV !== "production" || env.DEV_MAILBOX === "1",
  };
  return cached;
}

type Settings = z.infer<typeof schema>;

/**
 * One setting, read from the environment on each call (config() reads them all once): for the few
 * settings tests flip between cases, and for code that runs where DATABASE_URL may be unset (the build).
 * A malformed value reads as unset here; the start check (assertValidConfig) has already refused it.
 */
export function setting<K extends keyof Settings>(name: K): Settings[K] | undefined {
  const field: z.ZodType = schema.shape[name];
  const parsed = field.safeParse(process.env[name]);
  return parsed.success ? (parsed.data as Settings[K]) : undefined;
}

/** pg-boss and its workers (lib/jobs/boss.ts, lib/jobs/registry.ts), with their defaults. */
export function jobsConfig() {
  const env = config();
  return {
    poolSize: env.JOBS_POOL_SIZE ?? 4,
    /** Parallel fetch loops for webhook deliveries, each taking up to webhookBatchSize jobs at once. */
    webhookLoops: env.WEBHOOK_WORKERS ?? 4,
    webhookBatchSize: env.WEBHOOK_BATCH_SIZE ?? 50,
    /** Payout reads: parallel fetch loops, each taking up to payoutBatchSize subaccounts at once. */
    payoutLoops: 2,
    payoutBatchSize: 25,
    stopTimeoutMs: env.JOBS_STOP_TIMEOUT_MS ?? 20_000,
  };
}

/** Forget the cached settings (tests change the environment between cases). */
export function reloadConfig(): void {
  cached = undefined;
}
