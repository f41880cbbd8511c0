// Next.js configuration. Native and WASM database packages stay outside the bundle: they load
// binaries and data files at run time that the bundler must not rewrite.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@node-rs/argon2",
    "pino",
    "pg",
    "@prisma/adapter-pg",
  ],
};

export default nextConfig;
