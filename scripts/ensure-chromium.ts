// Finds the Chromium the browser tests and the Lighthouse bench drive: CHROMIUM_PATH, else Debian's
// /usr/bin/chromium. When it is missing and we are root with apt, installs it as .ci/run does;
// otherwise stops with one line saying how to install it.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(): string {
  const wanted = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
  if (existsSync(wanted)) return wanted;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (canInstall) {
    console.error("Chromium is missing: installing Debian's chromium package (apt-get install chromium)…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: ["ignore", "ignore", "inherit"] });
    if (existsSync(wanted)) return wanted;
  }
  const how = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${wanted} does not exist: point it at a Chromium binary, or unset it to use ${DEBIAN_CHROMIUM}.`
    : `Chromium not found at ${DEBIAN_CHROMIUM}: install it with \`sudo apt-get install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`;
  console.error(how);
  process.exit(1);
}
