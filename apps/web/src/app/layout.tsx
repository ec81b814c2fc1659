import '@fontsource-variable/inter/wght.css';
import './globals.css';
import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: { default: 'Toolplane', template: '%s · Toolplane' },
  description: 'Define, secure and serve MCP tools for your whole team.',
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fafafa' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Render per request: the CSP nonce from src/proxy.ts exists only at request time, and a page
  // prerendered at build would carry scripts without it.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">{children}</body>
    </html>
  );
}
