// `npm run dev`: the server with reload (tsx watch) on :3000 and Vite on :5173 proxying /api.
import { spawn } from "node:child_process";

const procs = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", APP_URL: "http://localhost:5173", ...process.env },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
