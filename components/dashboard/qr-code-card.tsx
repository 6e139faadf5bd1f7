import QRCode from "qrcode";
import { Download } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The QR code as inline SVG (crisp at any size, no JavaScript) plus SVG and PNG files to download. */
async function qrCodes(url: string) {
  const [svg, png] = await Promise.all([
    QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
    QRCode.toDataURL(url, { width: 1024, margin: 2, errorCorrectionLevel: "M" }),
  ]);
  const downloads = [
    { format: "png", href: png },
    { format: "svg", href: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` },
  ];
  return { svg, downloads };
}

/** A hosted page's QR code card (payment links, plans): scan to open `url`; `fileName` names the downloads (no extension). */
export async function QrCodeCard({ url, fileName, description }: { url: string; fileName: string; description: string }) {
  const qr = await qrCodes(url);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">QR code</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="img"
          aria-label={`QR code for ${url}`}
          className="mx-auto w-full max-w-56 rounded-lg border bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
          dangerouslySetInnerHTML={{ __html: qr.svg }}
        />
        <div className="grid grid-cols-2 gap-2">
          {qr.downloads.map(({ format, href }) => (
            <Button key={format} asChild variant="outline" size="sm">
              <a href={href} download={`${fileName}.${format}`}>
                <Download aria-hidden="true" />
                {format.toUpperCase()}
              </a>
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
