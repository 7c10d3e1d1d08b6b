// Issue 44, the JS budget: what the profile shows only to some residents (a plan's card and forms, the mobile
// number's state and code, the calendar link's how-tos) is an island (app/components/island.tsx): the server
// renders it with a marker, the browser fetches the code of the islands marked before hydrating, then hydrates
// them in place without suspending. A resident without them fetches none of that code; a resident with them
// gets the same sections from the server (with JavaScript off too), hydrated without an error.
import { expect, test, type Page } from "@playwright/test";
import { bookWithPlan } from "./plan-fixtures";
import { interactive, signInAs, writeDatabase } from "./helpers";

/** The islands' own chunks (esbuild names a dynamic import's chunk after its module). */
const ISLAND = /\/(my-plan|texts|calendar-subscribe)-[A-Z0-9]+\.js$/;

/** The island chunks a page fetched, and its errors (React's hydration errors are console errors). */
function watch(page: Page) {
  const islands: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname;
    if (ISLAND.test(name)) islands.push(name.match(ISLAND)![1]!);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return { islands, errors };
}

test("a resident without a plan, a number or a calendar link fetches none of their code on /profile", async ({
  page,
}, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "about the scripts fetched");
  const seen = watch(page);
  await signInAs(page, { tag: "islands-none" });
  await page.goto("/profile");
  await interactive(page);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("my-plans")).toBeVisible();
  expect(seen.islands).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("with a plan, a number and a calendar link, /profile shows them from the server and hydrates them", async ({
  page,
}, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const { email } = await bookWithPlan(page, `islands-${js ? "js" : "nojs"}`, "4242424242424242");
  writeDatabase((db) =>
    db
      .prepare("update users set phone = ?, calendar_token = ? where email = ?")
      .run("+15145550123", `islands${Date.now()}${js ? "j" : "n"}`, email),
  );
  const seen = watch(page);
  // The server's HTML holds each of them, whatever the browser does next.
  const html = await (await page.request.get("/profile")).text();
  expect(html).toContain('data-testid="my-plan"');
  expect(html).toContain('data-testid="calendar-subscribe"');
  expect(html).toContain('data-testid="phone-texts-off"');
  for (const name of ["my-plan", "calendar-subscribe", "phone-verification"])
    expect(html).toContain(`<template hidden="" data-island="${name}"></template>`);

  await page.goto("/profile");
  await expect(page.getByTestId("my-plan")).toBeVisible();
  await expect(page.getByTestId("calendar-subscribe")).toBeVisible();
  await expect(page.getByTestId("phone-texts-off")).toBeVisible();
  if (!js) return;
  await interactive(page);
  // Hydrated in place once its code came: the calendar link's Copy button exists only once hydrated.
  await expect(page.getByTestId("calendar-feed-copy")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...new Set(seen.islands)].sort()).toEqual(["calendar-subscribe", "my-plan", "texts"]);
  expect(seen.errors).toEqual([]);
});
