// The framework-floor app for bench/api-throughput.ts: copied to .data/next-floor and built there.
const config = { reactStrictMode: true };
export default config;
