// The partner list (issue 42 part 11, the impact domain): admins add, edit and remove partners at
// /admin/partners; the guide's last slide reads them in the reader's language. The form is validated with
// translated messages; garbage answers 4xx and changes nothing.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { PartnerFormSchema, type PartnerInput } from "~/lib/partner-form";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.partners";
import { createAdmin } from "~/services/accounts/accounts.server";
import {
  PartnerError,
  addPartner,
  findPartner,
  listPartners,
  partnersForGuide,
  removePartner,
  updatePartner,
} from "~/services/impact/partners.server";
import { createUserSession } from "~/services/http/current-user.server";
import { getTFor } from "~/services/platform/translate.server";
import { db, schema } from "~/services/platform/db.server";
import { ensureSeeded, resident } from "./fixtures";

const RECYCLER: PartnerInput = {
  name: "Atelier Vélo-Récup",
  city: "Montréal",
  website: "https://example.org/velo",
  categories: ["batteries", "electronic_tech_waste"],
  fateEn: "Batteries are sorted and their metals recovered.",
  fateFr: "Les piles sont triées et leurs métaux récupérés.",
};

beforeEach(() => {
  ensureSeeded();
  db.delete(schema.partners).run();
});

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

describe("the partner service", () => {
  it("adds, lists, edits and removes a partner", () => {
    expect(listPartners()).toEqual([]);
    const added = addPartner(RECYCLER);
    expect(added).toMatchObject({ ...RECYCLER, id: expect.any(Number) });
    expect(listPartners().map((p) => p.name)).toEqual(["Atelier Vélo-Récup"]);

    const edited = updatePartner(added.id, { ...RECYCLER, city: "Laval", categories: ["textiles_and_clothing"] });
    expect(findPartner(added.id)).toMatchObject({ city: "Laval", categories: ["textiles_and_clothing"] });
    expect(edited.updatedAt).toBeGreaterThanOrEqual(added.updatedAt);

    expect(removePartner(added.id).name).toBe("Atelier Vélo-Récup");
    expect(listPartners()).toEqual([]);
    expect(() => removePartner(added.id)).toThrow(PartnerError);
    expect(() => updatePartner(added.id, RECYCLER)).toThrow(PartnerError);
  });

  it("shows the guide each partner's fate in the reader's language, with the categories named", () => {
    addPartner(RECYCLER);
    expect(partnersForGuide("en")).toEqual([
      expect.objectContaining({
        name: "Atelier Vélo-Récup",
        city: "Montréal",
        fate: RECYCLER.fateEn,
        takes: ["Batteries", expect.any(String)],
      }),
    ]);
    expect(partnersForGuide("fr")[0]).toMatchObject({
      fate: RECYCLER.fateFr,
      takes: ["Piles et batteries", expect.any(String)],
    });
  });

  it("refuses a category the catalogue does not have and a name already taken, writing nothing", () => {
    expect(() => addPartner({ ...RECYCLER, categories: ["rockets"] })).toThrow(
      expect.objectContaining({ key: "partners:errors.categories", field: "categories" }),
    );
    const first = addPartner(RECYCLER);
    expect(() => addPartner({ ...RECYCLER, name: "atelier vélo-récup" })).toThrow(
      expect.objectContaining({ key: "partners:errors.nameTaken", field: "name" }),
    );
    const other = addPartner({ ...RECYCLER, name: "Boucle" });
    expect(() => updatePartner(other.id, { ...other, name: first.name })).toThrow(PartnerError);
    // Keeping its own name is not a clash.
    expect(updatePartner(first.id, { ...RECYCLER, fateEn: "Mended." }).fateEn).toBe("Mended.");
    expect(listPartners()).toHaveLength(2);
  });
});

describe("the partner form", () => {
  const valid = {
    name: "Boucle",
    city: "",
    website: "",
    categories: "batteries",
    fateEn: "Reused.",
    fateFr: "Réutilisé.",
  };
  const errorsOf = (fields: Record<string, string | string[]>) => {
    const submission = parseWithZod(form(fields), { schema: PartnerFormSchema });
    return submission.status === "success" ? {} : submission.error;
  };

  it("takes one ticked category or several, the city and website optional", () => {
    const one = parseWithZod(form(valid), { schema: PartnerFormSchema });
    expect(one.status === "success" && one.value).toMatchObject({ categories: ["batteries"], city: "", website: "" });
    const several = parseWithZod(form({ ...valid, categories: ["batteries", "textiles_and_clothing", "batteries"] }), {
      schema: PartnerFormSchema,
    });
    expect(several.status === "success" && several.value.categories).toEqual(["batteries", "textiles_and_clothing"]);
  });

  it("names each problem with a message that exists in both languages", async () => {
    const errors = errorsOf({
      name: " ",
      website: "javascript:alert(1)",
      fateEn: "x".repeat(301),
      fateFr: "",
      city: "y".repeat(81),
    });
    expect(errors).toMatchObject({
      name: ["partners:errors.name"],
      website: ["partners:errors.website"],
      categories: ["partners:errors.categories"],
      fateEn: ["partners:errors.fate"],
      fateFr: ["partners:errors.fate"],
      city: ["partners:errors.city"],
    });
    for (const key of Object.values(errors ?? {}).flat() as string[]) {
      const [ns, k] = key.split(":");
      for (const lng of ["en", "fr"] as const) expect((await getTFor(lng, ns!))(k!)).not.toBe(k);
    }
    expect(errorsOf({ ...valid, categories: "Batteries; DROP TABLE" })).toMatchObject({
      "categories[0]": ["partners:errors.categories"],
    });
  });
});

describe("/admin/partners", () => {
  type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown;
  async function call(handler: Handler, cookie: string, init: { body?: FormData; search?: string } = {}) {
    const request = new Request(`http://localhost/admin/partners${init.search ?? ""}`, {
      method: init.body ? "POST" : "GET",
      headers: { Cookie: cookie, "Accept-Language": "en-CA" },
      body: init.body,
    });
    try {
      const result = await handler({ request, params: {}, context: {} });
      if (result instanceof Response) return { status: result.status };
      const init2 = (result as { init?: ResponseInit | null }).init;
      return { status: init2?.status ?? 200, data: (result as { data?: unknown }).data ?? result };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status };
      const init2 = (thrown as { init?: ResponseInit | null }).init;
      return { status: init2?.status ?? 500 };
    }
  }
  const cookieOf = async (userId: number) => (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;

  it("is for admins only; adds, edits and refuses garbage with a 4xx", async () => {
    const admin = await createAdmin(`partners-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
    const cookie = await cookieOf(admin.id);
    const someone = await cookieOf((await resident()).id);
    expect((await call(pageLoader as Handler, someone)).status).toBe(403);

    const added = await call(pageAction as Handler, cookie, {
      body: form({ intent: "add", ...{ ...RECYCLER, categories: RECYCLER.categories } }),
    });
    expect(added.status).toBe(302);
    const [partner] = listPartners();
    expect(partner).toMatchObject({ name: RECYCLER.name });

    const edited = await call(pageAction as Handler, cookie, {
      body: form({ intent: "edit", id: String(partner!.id), ...RECYCLER, name: "Vélo-Récup" }),
    });
    expect(edited.status).toBe(302);
    expect(findPartner(partner!.id)!.name).toBe("Vélo-Récup");

    for (const garbage of [
      form({ intent: "add", name: "" }),
      form({ intent: "edit", id: "abc", ...RECYCLER }),
      form({ intent: "edit", id: "999999", ...RECYCLER }),
      form({ intent: "remove", id: "-1" }),
      form({ intent: "explode" }),
      form({ intent: "add", ...RECYCLER, name: "Other", categories: ["nope"] }),
    ]) {
      const answer = await call(pageAction as Handler, cookie, { body: garbage });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(listPartners()).toHaveLength(1);
    expect((await call(pageLoader as Handler, cookie, { search: "?edit=nope" })).status).toBe(404);
    expect((await call(pageLoader as Handler, cookie, { search: `?edit=${partner!.id}` })).status).toBe(200);
  });
});
