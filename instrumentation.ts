// Runs once when a Next.js server starts; only the Node.js server has work to do (instrumentation-node.ts).
// The import sits inside the NEXT_RUNTIME check, which the Edge build of this file compiles away, so
// that build never sees Node-only code (it printed "A Node.js API is used (process.exit …)" and
// "Ecmascript file had an error" when the check was an early return).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startApp } = await import("./instrumentation-node");
    await startApp();
  }
}
