// Card fields accept what people type (issue 33, part 9): any case, with or without the space in a postal code;
// an expiry with or without the slash; the number spaced in groups as typed. The server normalises before it
// checks.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { CardFormSchema, parseExpiry } from "~/lib/checkout-schema";
import { spacedCardNumber } from "~/lib/card-number";

function card(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries({
    cardNumber: "4242424242424242",
    expiry: "12/34",
    cvc: "123",
    postalCode: "H2X 3K2",
    ...values,
  }))
    data.set(k, v);
  return parseWithZod(data, { schema: CardFormSchema });
}

describe("the expiry", () => {
  it.each([
    ["01/30", 1, 2030],
    ["0130", 1, 2030],
    ["1/30", 1, 2030],
    ["01 / 30", 1, 2030],
    ["01-30", 1, 2030],
    ["012030", 1, 2030],
    ["12/2034", 12, 2034],
  ])("%s is month %i of %i", (typed, expMonth, expYear) => {
    expect(parseExpiry(typed)).toEqual({ expMonth, expYear });
  });

  it.each(["13/30", "00/30", "130", "1/3", "ab/cd", ""])("%s is refused", (typed) => {
    expect(parseExpiry(typed)).toBeNull();
  });
});

describe("the card form", () => {
  it.each(["h2t2y6", "H2T2Y6", "h2t 2y6", "H2T-2Y6", " h2t 2y6 "])(
    "takes the postal code %s as H2T 2Y6",
    (postalCode) => {
      const submission = card({ postalCode });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.postalCode).toBe("H2T 2Y6");
    },
  );

  it("takes the number spaced or not, and an expiry without its slash", () => {
    for (const cardNumber of ["4242424242424242", "4242 4242 4242 4242", "4242-4242-4242-4242"]) {
      const submission = card({ cardNumber, expiry: "0134" });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.cardNumber).toBe("4242424242424242");
    }
  });

  it("still refuses a postal code that is not one", () => {
    expect(card({ postalCode: "12345" }).status).toBe("error");
  });
});

describe("the number spaced as typed", () => {
  it.each([
    ["4242424242424242", "4242 4242 4242 4242"],
    ["42424", "4242 4"],
    ["4242 42424242 4242", "4242 4242 4242 4242"],
    ["378282246310005", "3782 822463 10005"],
    ["4242x4242", "4242 4242"],
    ["", ""],
  ])("%s → %s", (typed, spaced) => {
    expect(spacedCardNumber(typed).value).toBe(spaced);
  });

  it("keeps the cursor after the same digit", () => {
    // "4242|4" typed at the end: the caret follows the new space.
    expect(spacedCardNumber("42424", 5)).toEqual({ value: "4242 4", caret: 6 });
    // A digit typed in the middle of "4242 4242" after the second digit.
    expect(spacedCardNumber("42942 4242", 3)).toEqual({ value: "4294 2424 2", caret: 3 });
    expect(spacedCardNumber("4242", 0)).toEqual({ value: "4242", caret: 0 });
  });
});
