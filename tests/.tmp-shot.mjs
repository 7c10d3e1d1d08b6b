import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [lng, js, w] of [["en-CA", true, 390], ["fr-CA", false, 390], ["en-CA", true, 1280]]) {
  const ctx = await browser.newContext({ baseURL: "http://localhost:3451", locale: lng, javaScriptEnabled: js, viewport: { width: w, height: 844 }, extraHTTPHeaders: { "Accept-Language": lng } });
  const r = await ctx.request.post("/api/auth/login", { data: { email: "ops@x.ca", password: "sorting-day-1-long" } });
  console.log("login", r.status());
  const page = await ctx.newPage();
  const t0 = Date.now();
  const resp = await page.goto(process.argv[2] ?? "/admin/demand");
  console.log(resp.status(), Date.now() - t0, "ms");
  await page.screenshot({ path: `/tmp/shots/${(process.argv[2]??"demand").replace(/\W/g,"_")}-${lng}-${w}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
