// GET /api/materials/answer (issue 42 part 11): the landing page's "will you take this?" as JSON, with the
// same verdict and the same places to take a refused thing; GET /api/materials keeps its list.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as answerLoader } from "~/routes/api.materials.answer";
import { loader as listLoader } from "~/routes/api.materials";
import { loader as landingLoader } from "~/routes/_index";
import { seed } from "~/services/ops/seed.server";
import { CA_VA_OU_URL } from "~/lib/elsewhere";

type Answer = {
  answer: string;
  thing: string | null;
  category: string | null;
  matches: Array<{ category: string; onlyInNotAccepted: boolean }>;
  dropOff: Array<{ name: string; url: string }>;
  message?: string;
};

async function ask(q: string | null, lang = "en-CA") {
  const url =
    q === null
      ? "http://localhost/api/materials/answer"
      : `http://localhost/api/materials/answer?q=${encodeURIComponent(q)}`;
  const request = new Request(url, { headers: { "Accept-Language": lang } });
  const response = (await answerLoader({ request, params: {}, context: {} })) as Response;
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    body: (await response.json()) as Answer,
  };
}

/** What the landing page's answer box is given for the same question. */
async function landingAnswer(q: string) {
  const request = new Request(`http://localhost/?q=${encodeURIComponent(q)}`, {
    headers: { "Accept-Language": "en-CA" },
  });
  const data = (await landingLoader({ request, params: {}, context: {} })) as {
    landing: { answer: { verdict: string; category: string | null } | null };
  };
  return data.landing.answer;
}

beforeAll(() => {
  seed(Date.UTC(2026, 10, 22, 17, 0, 0));
});

describe("GET /api/materials/answer", () => {
  it("propane: no, the category that refuses it, and where to take it instead", async () => {
    const { status, body } = await ask("propane");
    expect(status).toBe(200);
    expect(body.answer).toBe("no");
    expect(body.thing).toBe("Propane tanks and gas cylinders");
    expect(body.dropOff.map((p) => p.name)).toEqual([
      "Montréal’s écocentres",
      "Recyc-Québec’s “Ça va où?” (for any item)",
    ]);
    expect(body.dropOff.every((p) => p.url.startsWith("https://"))).toBe(true);
    expect(await landingAnswer("propane")).toMatchObject({ verdict: "no" });
  });

  it("a thing we take: yes, its category first among the matches, nowhere else to go", async () => {
    const { body } = await ask("batteries");
    expect(body.answer).toBe("yes");
    expect(body.category).toBe("batteries");
    expect(body.matches[0]).toMatchObject({ category: "batteries", onlyInNotAccepted: false });
    expect(body.dropOff).toEqual([]);
    expect(await landingAnswer("batteries")).toMatchObject({ verdict: "yes", category: "batteries" });
  });

  it("gibberish: unknown, no matches, and Ça va où? to ask", async () => {
    const { status, body } = await ask("zxqvbnm");
    expect(status).toBe(200);
    expect(body).toMatchObject({ answer: "unknown", thing: null, category: null, matches: [] });
    expect(body.dropOff.map((p) => p.url)).toEqual([CA_VA_OU_URL]);
    expect(await landingAnswer("zxqvbnm")).toBeNull();
  });

  it("answers in French for a French caller", async () => {
    const { body } = await ask("propane", "fr-CA");
    expect(body.answer).toBe("no");
    expect(body.thing).toBe("Bonbonnes de propane et cylindres de gaz");
    expect(body.dropOff[0]!.name).toContain("écocentres");
  });

  it("a missing, blank or over-long q is a 400 with a message", async () => {
    for (const q of [null, "", "   ", "x".repeat(101)]) {
      const { status, type, body } = await ask(q);
      expect(status, String(q)).toBe(400);
      expect(type).toContain("application/json");
      expect(typeof body.message).toBe("string");
      expect(body.message!.length).toBeGreaterThan(5);
    }
    expect((await ask("x".repeat(100))).status).toBe(200);
  });

  it("GET /api/materials keeps the spec's list of categories", async () => {
    const request = new Request("http://localhost/api/materials", { headers: { "Accept-Language": "en-CA" } });
    const list = await ((await listLoader({ request, params: {}, context: {} })) as Response).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(12);
  });
});
