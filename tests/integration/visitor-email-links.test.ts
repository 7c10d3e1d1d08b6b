// Every link of an e-mail a person without an account can receive opens without an account (issue 42
// part 8): the waitlist's confirmation (the guide), its "your area is open" (the postal check), and every
// signature's privacy link, each asked as a visitor: an answer, never a redirect to sign in. An admin or
// driver invitation is the exception by design (the role goes to an account): it asks to sign in first.
import { and, eq } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as guideLoader } from "~/routes/how-it-works";
import { loader as postalLoader } from "~/routes/postal-code";
import { loader as invitationLoader } from "~/routes/admin-invitation";
import { loader as privacyLoader } from "~/routes/privacy";
import { createAdmin } from "~/services/accounts/accounts.server";
import { openPrefix } from "~/services/admin/areas.server";
import { inviteAdmin } from "~/services/admin/invitations.server";
import { isServedPrefix } from "~/services/areas/service-areas.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import { db, schema } from "~/services/platform/db.server";
import type { User } from "../../db/schema";
import { ensureSeeded } from "./fixtures";

const PAGES: Record<string, (args: LoaderFunctionArgs) => unknown> = {
  "/how-it-works": guideLoader,
  "/postal-code": postalLoader,
  "/privacy": privacyLoader,
};

let admin: User;
beforeAll(async () => {
  ensureSeeded();
  admin = await createAdmin(`links-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
});

function mailTo(email: string, kind: string) {
  const o = schema.emailOutbox;
  return db
    .select()
    .from(o)
    .where(and(eq(o.to, email), eq(o.kind, kind)))
    .get()!;
}

/** Asks every link of the message's text as a visitor (no cookie); each must answer 2xx, not send to sign-in. */
async function expectOpenToVisitors(text: string) {
  const links = [...text.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => new URL(m[0]));
  expect(links.length).toBeGreaterThan(1);
  for (const url of links) {
    const loader = PAGES[url.pathname];
    expect(loader, `a page for ${url.pathname}`).toBeDefined();
    const request = new Request(`http://localhost${url.pathname}${url.search}`, {
      headers: { "Accept-Language": "en-CA" },
    });
    let status: number;
    let location: string | null = null;
    try {
      const answer = await loader!({ request, params: {}, context: {} });
      status = answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit }).init?.status ?? 200);
      if (answer instanceof Response) location = answer.headers.get("Location");
    } catch (thrown) {
      status = thrown instanceof Response ? thrown.status : 500;
      if (thrown instanceof Response) location = thrown.headers.get("Location");
    }
    expect(location ?? "", url.pathname).not.toContain("/sign-in");
    expect(status, url.pathname).toBe(200);
  }
  return links.map((url) => url.pathname);
}

describe("a visitor's e-mails", () => {
  it("the waitlist confirmation leads to the guide, which opens without an account", async () => {
    const email = `links-waiting-${Date.now()}@bell.net`;
    joinWaitlist({ name: "Sophie", email, fsa: "J8Y", reason: "Outside Service Area", locale: "en" });
    expect(await expectOpenToVisitors(mailTo(email, "waitlist-joined").text)).toContain("/how-it-works");
  });

  it("'your area is open' leads to the postal check", async () => {
    const fsa = ["H9X", "H9W", "H9V", "H0M", "H5A"].find((p) => !isServedPrefix(p))!;
    expect(fsa).toBeDefined();
    const email = `links-opened-${Date.now()}@bell.net`;
    joinWaitlist({ name: "Luc", email, fsa, reason: "Outside Service Area", locale: "en" });
    await openPrefix(admin, fsa, { notify: true });
    expect(await expectOpenToVisitors(mailTo(email, "waitlist-opened").text)).toContain("/postal-code");
  });

  it("an invitation's link, for someone signed out, asks them to sign in and comes back to it", async () => {
    // The role is given to an account (the mailbox proven by signing in with it): the invitation page is
    // the one e-mailed page that asks for an account, and it remembers the invitation meanwhile.
    for (const role of ["admin", "driver"] as const) {
      const email = `links-${role}-${Date.now()}@bell.net`;
      inviteAdmin(admin, email, { origin: "http://localhost", adminLocale: "en", role });
      const text = mailTo(email, role === "driver" ? "driver-invitation" : "role-invitation").text;
      const link = new URL(/https?:\/\/\S+admin-invitation\?token=\S+/.exec(text)![0]);
      let answer: unknown;
      try {
        answer = await invitationLoader({
          request: new Request(`http://localhost${link.pathname}${link.search}`),
          params: {},
          context: {},
        });
      } catch (thrown) {
        answer = thrown;
      }
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("Location")).toBe("/sign-in");
      expect((answer as Response).headers.get("Set-Cookie")).toBeTruthy();
      const privacy = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).filter((u) => u !== link);
      expect(privacy.some((u) => u.pathname === "/privacy")).toBe(true);
    }
  });
});
