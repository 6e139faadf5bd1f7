import { afterEach, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { reloadConfig } from "@/lib/config";
import { hashRecoveryCode, isRecoveryCodeShape, newRecoveryCodes, normalizeCode } from "./recovery-codes";
import { open, seal } from "./secret-box";
import { matchTotp, newTotpSecret, otpauthUri } from "./totp";

const USER = "5d0c6d0e-8f0a-4b8e-9a56-0b3f4c1e2a11";
const OTHER = "0b8e3c0a-1f3e-4c55-8e1b-7d5e0f6a9c22";

describe("secret box (AES-256-GCM, key from AUTH_SECRET)", () => {
  const original = process.env.AUTH_SECRET;
  afterEach(() => {
    process.env.AUTH_SECRET = original;
    reloadConfig();
  });

  it("opens what it sealed, for the same user only, and never stores the plaintext", () => {
    const sealed = seal("JBSWY3DPEHPK3PXP", USER);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(seal("JBSWY3DPEHPK3PXP", USER)).not.toBe(sealed); // a fresh IV each time
    expect(open(sealed, USER)).toBe("JBSWY3DPEHPK3PXP");
    expect(open(sealed, OTHER)).toBeNull();
  });

  it("refuses altered values and values sealed under another AUTH_SECRET", () => {
    const sealed = seal("JBSWY3DPEHPK3PXP", USER);
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(open([v, iv, tag, flipped.toString("base64url")].join("."), USER)).toBeNull();
    expect(open("garbage", USER)).toBeNull();
    process.env.AUTH_SECRET = "another-auth-secret-that-is-long-enough-0123456789";
    reloadConfig();
    expect(open(sealed, USER)).toBeNull();
  });
});

describe("TOTP", () => {
  it("accepts the current step and one either side, and says which step matched", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = Date.UTC(2026, 10, 23, 12, 0, 10);
    const step = Math.floor(now / 30_000);
    const code = (offset: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(matchTotp(secret, code(0), now)).toBe(step);
    expect(matchTotp(secret, code(-1), now)).toBe(step - 1);
    expect(matchTotp(secret, code(1), now)).toBe(step + 1);
    expect(matchTotp(secret, code(2), now)).toBeNull();
    expect(matchTotp(secret, code(-2), now)).toBeNull();
  });

  it("writes an otpauth URI authenticator apps read", () => {
    const uri = new URL(otpauthUri("JBSWY3DPEHPK3PXP", "ada@example.com"));
    expect(uri.href).toMatch(/^otpauth:\/\/totp\/Paylink:ada(%40|@)example\.com\?/);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: "Paylink", secret: "JBSWY3DPEHPK3PXP", algorithm: "SHA1", digits: "6", period: "30" });
  });
});

describe("recovery codes", () => {
  it("are 10 distinct 80-bit codes, hashed the same however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      expect(isRecoveryCodeShape(normalizeCode(code))).toBe(true);
      expect(hashRecoveryCode(` ${code.toUpperCase().replaceAll("-", " ")} `)).toBe(hashRecoveryCode(code));
    }
    expect(isRecoveryCodeShape("123456")).toBe(false);
  });
});
