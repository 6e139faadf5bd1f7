// Types for importing next.config.mjs from TypeScript (the API lane applies its headers itself).
import type { NextConfig } from "next";

declare const nextConfig: NextConfig;
export default nextConfig;
