import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Two pages: the app (index.html) and the pre-rendered public pages' template (landing.html,
    // filled in by the server; its script hydrates the islands only).
    rolldownOptions: { input: { index: resolve(import.meta.dirname, "src/web/index.html"), landing: resolve(import.meta.dirname, "src/web/landing.html") } },
  },
  server: { port: 5173, proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } } },
});
