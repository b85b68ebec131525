import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
for (const n of process.argv.slice(2)) {
  await p.goto("file:///work/main/src/web/public/screenshots/" + n + ".jpg");
  await p.screenshot({ path: "/tmp/shot-" + n + ".png" });
}
await b.close();
