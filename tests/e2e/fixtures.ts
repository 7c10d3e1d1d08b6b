// Playwright fixtures for the browser tests (as the Epic Stack's): a resident signed in by writing the
// user and session rows straight into the e2e database, so a test that is not about signing up starts
// on its subject. Tests about signing up, signing in and onboarding go through the pages instead.
import { test as base } from "@playwright/test";
import { signInAs, type Resident, type ResidentOptions } from "./helpers";

export { expect } from "@playwright/test";

type Fixtures = {
  /** Signs this test's page (its browser context and `page.request`) in as a new resident. */
  signIn: (options?: ResidentOptions) => Promise<Resident>;
  /** This test's page, signed in as a new onboarded resident (prefix H2X, no address yet). */
  resident: Resident;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page }, use) => {
    await use((options) => signInAs(page, options));
  },
  resident: async ({ page }, use, testInfo) => {
    await use(await signInAs(page, { tag: testInfo.titlePath.at(-1)!.slice(0, 12).replace(/\W+/g, "-") }));
  },
});
