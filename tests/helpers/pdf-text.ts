// The text of a PDF made by pdfkit: its content streams inflated, and the strings of its text
// operators (Tj, TJ; hex-encoded WinAnsi, as pdfkit writes them with the standard fonts) read back.
import { inflateSync } from "node:zlib";

export function pdfText(bytes: Buffer): string {
  const lines: string[] = [];
  for (const match of bytes.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      content = match[1]!;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}
