// The session cookie's headers read once (issue 44, http/session-storage rememberingCookie): the same Cookie
// header reads the same id without checking its signature again, a changed or forged one is checked (and
// refused) as before, what is remembered is bounded, and a signed-out session is still signed out: the rows are
// asked on every request.
import { createCookie } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { rememberingCookie, sessionStorage } from "~/services/http/session-storage.server";
import { deleteSessionRow } from "~/services/accounts/session-rows.server";
import { registerUser } from "~/services/accounts/accounts.server";

function counted(secret = "a-secret") {
  const inner = createCookie("s", { secrets: [secret] });
  const parse = vi.spyOn(inner, "parse");
  return { inner, parse };
}

describe("rememberingCookie", () => {
  it("reads a header once: the same header gives the same id without a second signature check", async () => {
    const { inner, parse } = counted();
    const cookie = rememberingCookie(inner);
    const header = `lang=fr; ${(await inner.serialize("id-1")).split(";")[0]}`;
    expect(await cookie.parse(header)).toBe("id-1");
    expect(await cookie.parse(header)).toBe("id-1");
    expect(await cookie.parse(header)).toBe("id-1");
    expect(parse).toHaveBeenCalledTimes(1);
    expect(cookie.name).toBe("s");
    expect(cookie.isSigned).toBe(true);
  });

  it("a forged or changed signature is checked and refused, every time, and never taken for a known header", async () => {
    const { inner, parse } = counted();
    const cookie = rememberingCookie(inner);
    const good = (await inner.serialize("id-1")).split(";")[0]!;
    expect(await cookie.parse(good)).toBe("id-1");
    const forged = good.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await cookie.parse(forged)).toBeNull();
    const other = (await createCookie("s", { secrets: ["not-ours"] }).serialize("id-1")).split(";")[0]!;
    expect(await cookie.parse(other)).toBeNull();
    expect(await cookie.parse(`${good}x`)).not.toBe("id-1");
    expect(parse).toHaveBeenCalledTimes(4);
  });

  it("remembers at most `size` headers, the least recently read going first; options and long headers are not remembered", async () => {
    const { inner, parse } = counted();
    const cookie = rememberingCookie(inner, 2);
    const header = async (id: string) => (await inner.serialize(id)).split(";")[0]!;
    const [a, b, c] = [await header("a"), await header("b"), await header("c")];
    await cookie.parse(a);
    await cookie.parse(b);
    await cookie.parse(a); // a is now the most recent
    await cookie.parse(c); // b goes
    expect(parse).toHaveBeenCalledTimes(3);
    await cookie.parse(a);
    await cookie.parse(c);
    expect(parse).toHaveBeenCalledTimes(3);
    expect(await cookie.parse(b)).toBe("b");
    expect(parse).toHaveBeenCalledTimes(4);
    await cookie.parse(a, {});
    await cookie.parse(`${a}; pad=${"x".repeat(3000)}`);
    await cookie.parse(`${a}; pad=${"x".repeat(3000)}`);
    expect(parse).toHaveBeenCalledTimes(7);
  });

  it("the session storage still asks the rows: a session ended after its header was read is ended", async () => {
    const user = await registerUser({
      email: `remembered-${Date.now()}@bell.net`,
      password: "sorting-day-1",
      locale: "en",
    });
    const fresh = await sessionStorage.getSession();
    fresh.set("userId", user.id);
    const signed = (await sessionStorage.commitSession(fresh)).split(";")[0]!;
    const read = await sessionStorage.getSession(signed);
    expect(read.get("userId")).toBe(user.id);
    deleteSessionRow(read.id);
    const again = await sessionStorage.getSession(signed);
    expect(again.get("userId")).toBeUndefined();
  });
});
