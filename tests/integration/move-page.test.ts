// Moving a pickup on its own page, /order/{confirmationNumber}/move: the page's Move calls the same
// service as PUT /api/pickup-requests/{id} and lands on My Orders with the new date; the spec's address
// /booking?modify=true&pickupId={id} redirects there; someone else's pickup is not found.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { takeToast } from "~/services/http/toast.server";
import { db, schema } from "~/services/platform/db.server";
import { formatDate } from "~/lib/dates";
import { cookieFor } from "./api-action";
import { CARD, resident, routeAnswer, slot } from "./fixtures";

const { loader: moveLoader, action: moveAction } = await import("~/routes/order.$confirmationNumber_.move");
const { loader: bookingLoader, action: bookingAction } = await import("~/routes/booking");

async function booked() {
  const user = await resident();
  const from = slot();
  const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: from.id }, CARD);
  return { user, from, pickup, cookie: await cookieFor(user.id) };
}

type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
function call(handler: unknown, request: Request, params: object) {
  return (handler as Handler)({ request, params, context: {} }).then(
    (answer) => answer as Response,
    (thrown: unknown) => thrown as Response,
  );
}

/** A Response's status, or a thrown `data(..., { status })`'s. */
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init: { status: number } }).init.status;

const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;

describe("the move page", () => {
  it("moves the pickup and redirects to My Orders with a message naming the new date", async () => {
    const { user, pickup, cookie } = await booked();
    const to = slot();
    const url = `http://localhost/order/${pickup.confirmationNumber}/move`;
    const page = (await call(moveLoader, new Request(url, { headers: { Cookie: cookie } }), {
      confirmationNumber: pickup.confirmationNumber,
    })) as unknown as { modify: { confirmationNumber: string } };
    expect(page.modify.confirmationNumber).toBe(pickup.confirmationNumber);
    const response = await call(
      moveAction,
      new Request(url, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ date: to.date, slotId: String(to.id) }),
      }),
      { confirmationNumber: pickup.confirmationNumber },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/history");
    expect(pickupRow(pickup.id).pickupSlotId).toBe(to.id);
    const visitor = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await takeToast(new Request("http://localhost/history", { headers: { Cookie: visitor } }));
    expect(toast).toMatchObject({ title: "orders:modify.done", values: { date: formatDate(to.date, user.locale) } });
  });

  it("someone else's pickup is not found, and stays where it was", async () => {
    const { from, pickup } = await booked();
    const other = await resident();
    const cookie = await cookieFor(other.id);
    const url = `http://localhost/order/${pickup.confirmationNumber}/move`;
    const params = { confirmationNumber: pickup.confirmationNumber };
    expect(statusOf(await call(moveLoader, new Request(url, { headers: { Cookie: cookie } }), params))).toBe(404);
    const post = new Request(url, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ slotId: String(slot().id) }),
    });
    expect(statusOf(await call(moveAction, post, params))).toBe(404);
    expect(pickupRow(pickup.id).pickupSlotId).toBe(from.id);
  });
});

describe("the spec's address /booking?modify=true", () => {
  it("redirects to the pickup's move page by id or confirmation number; anyone else's goes to My Orders", async () => {
    const { pickup, cookie } = await booked();
    const get = (query: string, as = cookie) =>
      routeAnswer(bookingLoader, new Request(`http://localhost/booking?${query}`, { headers: { Cookie: as } }));
    const move = `/order/${pickup.confirmationNumber}/move`;
    for (const query of [
      `modify=true&pickupId=${pickup.id}`,
      `modify=true&pickupId=${pickup.id}&confirmationNumber=${pickup.confirmationNumber}`,
      `modify=true&confirmationNumber=${pickup.confirmationNumber}`,
    ]) {
      const response = await get(query);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(move);
    }
    const stranger = await cookieFor((await resident()).id);
    for (const response of [await get(`modify=true&pickupId=${pickup.id}`, stranger), await get("modify=true")]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/history");
    }
    const posted = await routeAnswer(
      bookingAction,
      new Request(`http://localhost/booking`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ modify: "true", pickupId: String(pickup.id) }),
      }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(move);
  });
});
