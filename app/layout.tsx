import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Payment Integrations Console", template: "%s · Payment Integrations" },
  description: "Credentials, merchants and payment events of the acquirer integrations.",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7f9" },
    { media: "(prefers-color-scheme: dark)", color: "#0c0e13" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts must carry this response's CSP nonce.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh bg-(--canvas) font-sans text-(--fg) antialiased">{children}</body>
    </html>
  );
}
