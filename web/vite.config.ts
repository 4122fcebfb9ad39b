// The browser client: built into web/dist, served by the Deno server from the same origin.
// `npx deno task web:dev` runs Vite with the API proxied to a server on :8080.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const api = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: { "@shared": fileURLToPath(new URL("../shared", import.meta.url)) } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 2048,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": api,
      "/oauth": api,
      "/ws": { target: api.replace(/^http/, "ws"), ws: true },
    },
  },
});
