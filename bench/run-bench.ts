// How every bench script runs its main: a failure printed and exit code 1, so `npm run bench` counts it.
export function runBench(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
