// Plain Node, no TypeScript: the package loads, and the compiled flow runs against PAYLINK_BASE_URL.
const sdk = await import("@paylink/sdk");
if (typeof sdk.createPaylinkClient !== "function") throw new Error("@paylink/sdk has no createPaylinkClient");
const { run } = await import("./dist/flow.js");
console.log(JSON.stringify(await run(process.env.PAYLINK_BASE_URL, process.env.PAYLINK_SECRET_KEY)));
