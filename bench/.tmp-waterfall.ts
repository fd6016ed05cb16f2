import { chromium } from "@playwright/test";
import { startApp } from "/work/wt/load-spa/bench/load/app";
const app = await startApp("/work/wt/load-spa", () => {});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic"] });
const context = await browser.newContext();
await context.addCookies([{ name: app.cookie.name, value: app.cookie.value, url: app.base }]);
const page = await context.newPage();
const throttle = process.argv.includes("--mobile");
if (throttle) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1.6e6/8, uploadThroughput: 750e3/8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
const t0 = Date.now();
const rows: string[] = [];
page.on("request", (r) => { (r as any)._t = Date.now() - t0; });
page.on("requestfinished", (r) => { rows.push(`${String((r as any)._t).padStart(5)} → ${String(Date.now()-t0).padStart(5)}  ${r.url().replace(app.base, "")}`); });
await page.goto(app.base + "/c/1001/subscribers");
await page.waitForFunction(() => document.querySelectorAll("tbody tr").length >= 20, null, { timeout: 30000 });
console.log("rows at", Date.now() - t0);
console.log(rows.sort((a, b) => Number(a.slice(0,5)) - Number(b.slice(0,5))).join("\n"));
await browser.close(); await app.close();
