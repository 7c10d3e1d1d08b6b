// A local stand-in for the slice of Stripe's HTTP API the app uses, so the real Stripe SDK (pointed here with
// STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL) can be tested without a network: PaymentIntents
// (create, retrieve with expand[]=latest_charge), Customers, refunds and Checkout Sessions, kept in memory. Every request is
// recorded (method, path, parsed form body or query, idempotency key) so tests can assert what the app asked for.
// Test hooks stand for what happens on Stripe's side: a card paying an intent, a resident paying a session.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Card = { brand: string; last4: string; exp_month?: number; exp_year?: number };

/**
 * Issue 45: a card saved on a customer (a PaymentMethod). Off-session it answers as Stripe's test cards:
 * last four 3184 needs authentication, 0341 is declined, any other succeeds.
 */
export type StandInPaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  created: number;
  livemode: false;
};

export type StandInIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  latest_charge: string | null;
  customer: string | null;
  /** Issue 45: "off_session" when the card that pays it is to be saved on the customer. */
  setup_future_usage: string | null;
  payment_method: string | null;
  created: number;
  livemode: false;
};

export type StandInCustomer = {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  /** The language of its receipts ("fr-CA", "en-CA"), as the app set it. */
  preferred_locales: string[];
  created: number;
  livemode: false;
};

export type StandInCharge = {
  id: string;
  object: "charge";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  paid: true;
  payment_method_details: { type: "card"; card: Card };
};

export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  /** Not in Stripe's answer: what the session's PaymentIntent will carry once paid. */
  payment_intent_data: { metadata: Record<string, string>; description: string | null; setup_future_usage?: string };
  livemode: false;
};

export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: "succeeded" | "pending" | "failed" | "canceled";
  created: number;
};

export type RecordedRequest = {
  method: string;
  path: string;
  /** The form body (POST) or query string (GET), parsed into nested objects and arrays. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
};

type Answer = { status: number; body: unknown };

export type StripeStandIn = {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  charges: Map<string, StandInCharge>;
  sessions: Map<string, StandInSession>;
  customers: Map<string, StandInCustomer>;
  paymentMethods: Map<string, StandInPaymentMethod>;
  refunds: StandInRefund[];
  /** Requests for a method and path (a string prefix or a pattern). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** The card paid this intent: it succeeds with a charge carrying the card's brand and last four digits. */
  succeedIntent(id: string, card?: Card): StandInIntent;
  /** The resident paid this session on Stripe's page: its PaymentIntent is created (succeeded) and attached. */
  paySession(id: string, card?: Card): StandInIntent;
  /**
   * Makes the next refund of this intent end with this status ("failed": refused, moves no money;
   * "pending": on its way until settleRefund), or, with "lost", succeed at Stripe but answer the app a 500
   * (the answer lost on the way back). One time.
   */
  nextRefund(intentId: string, outcome: "failed" | "pending" | "lost"): void;
  /** A pending refund settles at the bank: it ends succeeded (default) or failed, and is returned. */
  settleRefund(id: string, status?: "succeeded" | "failed"): StandInRefund;
  /** Makes the next request to this method and path answer with this error (one time). */
  failNext(method: string, path: string | RegExp, status: number, error: Record<string, unknown>): void;
  /** Forgets everything recorded and stored, but the customers (the app keeps their ids). */
  reset(): void;
  close(): Promise<void>;
};

const VISA: Card = { brand: "visa", last4: "4242" };

/** Issue 45: what a saved card's last four digits do off-session (Stripe's test cards 3184 and 0341). */
const OFF_SESSION_ERRORS: Record<string, { code: string; decline_code?: string; message: string }> = {
  "3184": {
    code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
  "0341": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
};

function randomId(prefix: string) {
  return `${prefix}_${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** Parses Stripe's form encoding ('metadata[bookingRef]=x&line_items[0][quantity]=1') into nested values. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = rawKey.match(/^([^[]+)((?:\[[^\]]*\])*)$/);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return toArrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function toArrays(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toArrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer {
  return { status, body: { error: { type, message, ...extra } } };
}

const notFound = (kind: string, id: string, param: string) =>
  stripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param });

function asStringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

function expandList(params: Record<string, unknown>): string[] {
  const expand = params.expand;
  if (Array.isArray(expand)) return expand.map(String);
  if (typeof expand === "string") return [expand];
  return [];
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const sessions = new Map<string, StandInSession>();
  const customers = new Map<string, StandInCustomer>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const refunds: StandInRefund[] = [];
  /** Stripe replays the first answer for a repeated idempotency key. */
  const idempotent = new Map<string, Answer>();
  const failures: { method: string; path: string | RegExp; answer: Answer }[] = [];
  /** How the next refund of an intent ends (test hook nextRefund). */
  const refundOutcomes = new Map<string, "failed" | "pending" | "lost">();
  let base = "";

  const matches = (path: string, pattern: string | RegExp) =>
    typeof pattern === "string" ? path === pattern || path.startsWith(`${pattern}/`) : pattern.test(path);

  function intentBody(intent: StandInIntent, expand: string[]) {
    let body: Record<string, unknown> = { ...intent };
    if (expand.includes("latest_charge") && intent.latest_charge) {
      body = { ...body, latest_charge: charges.get(intent.latest_charge) ?? intent.latest_charge };
    }
    if (expand.includes("payment_method") && intent.payment_method) {
      body = { ...body, payment_method: paymentMethods.get(intent.payment_method) ?? intent.payment_method };
    }
    return body;
  }

  function sessionBody(session: StandInSession, expand: string[]) {
    const { payment_intent_data: _hidden, ...visible } = session;
    if (expand.includes("payment_intent") && session.payment_intent) {
      return { ...visible, payment_intent: intents.get(session.payment_intent) ?? session.payment_intent };
    }
    return visible;
  }

  /** POST /v1/customers. */
  function createCustomer(params: Record<string, unknown>): Answer {
    const customer: StandInCustomer = {
      id: randomId("cus"),
      object: "customer",
      email: typeof params.email === "string" ? params.email : null,
      name: typeof params.name === "string" ? params.name : null,
      metadata: asStringRecord(params.metadata),
      preferred_locales: Array.isArray(params.preferred_locales) ? params.preferred_locales.map(String) : [],
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  /** A `customer` parameter must name a customer Stripe knows. */
  function unknownCustomer(params: Record<string, unknown>): Answer | null {
    if (params.customer === undefined || customers.has(String(params.customer))) return null;
    return notFound("customer", String(params.customer), "customer");
  }

  function createIntent(params: Record<string, unknown>): Answer {
    const badCustomer = unknownCustomer(params);
    if (badCustomer) return badCustomer;
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, "invalid_request_error", "Amount must be at least 50 cents", {
        param: "amount",
        code: "amount_too_small",
      });
    }
    if (typeof params.currency !== "string" || !params.currency) {
      return stripeError(400, "invalid_request_error", "Missing required param: currency.", {
        param: "currency",
        code: "parameter_missing",
      });
    }
    const id = randomId("pi");
    const intent: StandInIntent = {
      id,
      object: "payment_intent",
      amount,
      currency: params.currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString("hex")}`,
      metadata: asStringRecord(params.metadata),
      description: typeof params.description === "string" ? params.description : null,
      receipt_email: typeof params.receipt_email === "string" ? params.receipt_email : null,
      latest_charge: null,
      customer: typeof params.customer === "string" ? params.customer : null,
      setup_future_usage: typeof params.setup_future_usage === "string" ? params.setup_future_usage : null,
      payment_method: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    if (params.confirm === "true") return confirmOffSession(intent, params);
    return { status: 200, body: intentBody(intent, expandList(params)) };
  }

  /** Issue 45: an intent created with confirm and off_session, paid by a card saved on its customer. */
  function confirmOffSession(intent: StandInIntent, params: Record<string, unknown>): Answer {
    const methodId = String(params.payment_method ?? "");
    const method = paymentMethods.get(methodId);
    if (!method) return notFound("payment_method", methodId, "payment_method");
    if (method.customer !== intent.customer) {
      return stripeError(400, "invalid_request_error", "The PaymentMethod does not belong to the Customer.", {
        param: "payment_method",
      });
    }
    intent.payment_method = method.id;
    const now = new Date();
    const expired =
      method.card.exp_year < now.getUTCFullYear() ||
      (method.card.exp_year === now.getUTCFullYear() && method.card.exp_month < now.getUTCMonth() + 1);
    const failure = expired
      ? { code: "expired_card", message: "Your card has expired." }
      : OFF_SESSION_ERRORS[method.card.last4];
    if (failure) {
      intent.status = failure.code === "authentication_required" ? "requires_action" : "requires_payment_method";
      return stripeError(402, "card_error", failure.message, { ...failure, payment_intent: intent });
    }
    succeedIntent(intent.id, { brand: method.card.brand, last4: method.card.last4 });
    return { status: 200, body: intentBody(intent, expandList(params)) };
  }

  function createRefund(params: Record<string, unknown>): Answer {
    const intentId = String(params.payment_intent ?? "");
    const intent = intents.get(intentId);
    if (!intent) return notFound("payment_intent", intentId, "payment_intent");
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      return stripeError(
        400,
        "invalid_request_error",
        `PaymentIntent ${intentId} does not have a successful charge to refund.`,
      );
    }
    const already = refunds
      .filter((r) => r.payment_intent === intentId && (r.status === "succeeded" || r.status === "pending"))
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? intent.amount - already : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || already + amount > intent.amount) {
      return stripeError(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - already})`,
        {
          code: "amount_too_large",
          param: "amount",
        },
      );
    }
    const refund: StandInRefund = {
      id: randomId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    const outcome = refundOutcomes.get(intentId);
    refundOutcomes.delete(intentId);
    if (outcome === "failed" || outcome === "pending") refund.status = outcome;
    refunds.push(refund);
    if (outcome === "lost") return stripeError(500, "api_error", "The answer was lost on its way back.");
    return { status: 200, body: refund };
  }

  /** GET /v1/refunds?payment_intent=…: Stripe's list, newest first. */
  function listRefunds(params: Record<string, unknown>): Answer {
    const intentId = typeof params.payment_intent === "string" ? params.payment_intent : null;
    const data = refunds.filter((r) => !intentId || r.payment_intent === intentId).reverse();
    return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data } };
  }

  /** GET /v1/payment_intents?created[gte]=…: newest first, one page (has_more false). */
  function listIntents(params: Record<string, unknown>): Answer {
    const created = (params.created ?? {}) as Record<string, unknown>;
    const since = Number(created.gte ?? 0);
    const data = [...intents.values()]
      .filter((intent) => intent.created >= since)
      .reverse()
      .map((intent) =>
        intentBody(
          intent,
          expandList(params).map((e) => e.replace(/^data\./, "")),
        ),
      );
    return { status: 200, body: { object: "list", url: "/v1/payment_intents", has_more: false, data } };
  }

  function createSession(params: Record<string, unknown>): Answer {
    const lineItems = Array.isArray(params.line_items) ? (params.line_items as Record<string, unknown>[]) : [];
    if (params.mode !== "payment" || lineItems.length === 0 || typeof params.success_url !== "string") {
      return stripeError(
        400,
        "invalid_request_error",
        "A payment session needs mode=payment, line_items and success_url",
      );
    }
    const badCustomer = unknownCustomer(params);
    if (badCustomer) return badCustomer;
    if (params.customer !== undefined && params.customer_email !== undefined) {
      return stripeError(
        400,
        "invalid_request_error",
        "You may only specify one of these parameters: customer, customer_email.",
        { param: "customer_email" },
      );
    }
    let amountTotal = 0;
    let currency = "";
    for (const item of lineItems) {
      const price = (item.price_data ?? {}) as Record<string, unknown>;
      amountTotal += Number(price.unit_amount) * Number(item.quantity ?? 1);
      currency = String(price.currency ?? currency).toLowerCase();
    }
    const id = randomId("cs_test");
    const intentData = (params.payment_intent_data ?? {}) as Record<string, unknown>;
    const session: StandInSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: amountTotal,
      currency,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      customer: typeof params.customer === "string" ? params.customer : null,
      locale: typeof params.locale === "string" ? params.locale : null,
      metadata: asStringRecord(params.metadata),
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      payment_intent_data: {
        metadata: asStringRecord(intentData.metadata),
        description: typeof intentData.description === "string" ? intentData.description : null,
        ...(typeof intentData.setup_future_usage === "string"
          ? { setup_future_usage: intentData.setup_future_usage }
          : {}),
      },
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: sessionBody(session, []) };
  }

  const unexpectedState = (what: string, status: string) =>
    stripeError(400, "invalid_request_error", `This ${what}'s status is ${status}.`, {
      code: what === "PaymentIntent" ? "payment_intent_unexpected_state" : "checkout_session_unexpected_state",
    });

  /** POST /v1/payment_intents/:id (update) and /v1/payment_intents/:id/cancel: only while it is unpaid. */
  function changeIntent(id: string, action: "update" | "cancel", params: Record<string, unknown>): Answer {
    const intent = intents.get(id);
    if (!intent) return notFound("payment_intent", id, "intent");
    if (intent.status === "succeeded" || intent.status === "canceled" || intent.status === "processing") {
      return unexpectedState("PaymentIntent", intent.status);
    }
    if (action === "cancel") {
      intent.status = "canceled";
      return { status: 200, body: intent };
    }
    if (params.amount !== undefined) intent.amount = Number(params.amount);
    if (params.metadata !== undefined) intent.metadata = { ...intent.metadata, ...asStringRecord(params.metadata) };
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") return createCustomer(params);
    if (method === "GET" && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      const customer = customers.get(id);
      return customer ? { status: 200, body: customer } : notFound("customer", id, "customer");
    }
    // Issue 43 part 5: a deleted account's Customer deleted (Stripe answers { id, object, deleted: true }).
    if (method === "DELETE" && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      if (!customers.delete(id)) return notFound("customer", id, "customer");
      return { status: 200, body: { id, object: "customer", deleted: true } };
    }
    if (method === "POST" && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      const customer = customers.get(id);
      if (!customer) return notFound("customer", id, "customer");
      if (Array.isArray(params.preferred_locales)) customer.preferred_locales = params.preferred_locales.map(String);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(params);
    if (method === "POST" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/))) {
      return changeIntent(decodeURIComponent(m[1]!), m[2] ? "cancel" : "update", params);
    }
    if (method === "POST" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = sessions.get(decodeURIComponent(m[1]!));
      if (!session) return notFound("checkout.session", m[1]!, "session");
      if (session.status !== "open") return unexpectedState("Checkout Session", session.status);
      session.status = "expired";
      session.url = null;
      return { status: 200, body: sessionBody(session, []) };
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      const intent = intents.get(id);
      return intent
        ? { status: 200, body: intentBody(intent, expandList(params)) }
        : notFound("payment_intent", id, "intent");
    }
    if (method === "GET" && path === "/v1/payment_intents") return listIntents(params);
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)(\/detach)?$/))) {
      const id = decodeURIComponent(m[1]!);
      const found = paymentMethods.get(id);
      if (!found) return notFound("payment_method", id, "payment_method");
      if (method === "GET" && !m[2]) return { status: 200, body: found };
      if (method !== "POST" || !m[2]) return stripeError(404, "invalid_request_error", "Unrecognized request URL.");
      if (!found.customer) {
        return stripeError(
          400,
          "invalid_request_error",
          "The payment method you provided is not attached to a customer so detachment is impossible.",
          { code: "payment_method_unexpected_state" },
        );
      }
      found.customer = null;
      return { status: 200, body: found };
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (method === "GET" && path === "/v1/refunds") return listRefunds(params);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "GET" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      const session = sessions.get(id);
      return session
        ? { status: 200, body: sessionBody(session, expandList(params)) }
        : notFound("checkout.session", id, "session");
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const method = (req.method ?? "GET").toUpperCase();
      const text =
        method === "GET" || method === "DELETE"
          ? url.search.replace(/^\?/, "")
          : Buffer.concat(chunks).toString("utf8");
      const params = parseStripeForm(text);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: (req.headers.authorization as string | undefined) ?? null,
      });
      let answer: Answer;
      let replayed = false;
      const failure = failures.findIndex((f) => f.method === method && matches(url.pathname, f.path));
      const replayKey = idempotencyKey && method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
      if (failure >= 0) {
        answer = failures.splice(failure, 1)[0]!.answer;
      } else if (replayKey && idempotent.has(replayKey)) {
        answer = idempotent.get(replayKey)!;
        replayed = true;
      } else {
        answer = route(method, url.pathname, params);
        if (replayKey) idempotent.set(replayKey, answer);
      }
      const body = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        "Request-Id": randomId("req"),
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      });
      res.end(body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  function succeedIntent(id: string, card: Card = VISA) {
    const intent = intents.get(id);
    if (!intent) throw new Error(`Stand-in: no PaymentIntent ${id}`);
    // Stripe refuses to confirm an intent already paid or cancelled (payment_intent_unexpected_state).
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw new Error(`Stand-in: PaymentIntent ${id} is ${intent.status}`);
    }
    const charge: StandInCharge = {
      id: randomId("ch"),
      object: "charge",
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: id,
      status: "succeeded",
      paid: true,
      payment_method_details: { type: "card", card: { ...card } },
    };
    charges.set(charge.id, charge);
    intent.status = "succeeded";
    intent.latest_charge = charge.id;
    // Issue 45: paid with setup_future_usage, the card is saved on the customer as a PaymentMethod.
    if (intent.setup_future_usage === "off_session" && intent.customer && !intent.payment_method) {
      const pm: StandInPaymentMethod = {
        id: randomId("pm"),
        object: "payment_method",
        type: "card",
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month ?? 12,
          exp_year: card.exp_year ?? 2034,
        },
        customer: intent.customer,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      paymentMethods.set(pm.id, pm);
      intent.payment_method = pm.id;
    }
    return intent;
  }

  return {
    url: base,
    host: "127.0.0.1",
    port,
    requests,
    intents,
    charges,
    sessions,
    customers,
    paymentMethods,
    refunds,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && matches(r.path, path)),
    succeedIntent,
    paySession(id, card = VISA) {
      const session = sessions.get(id);
      if (!session) throw new Error(`Stand-in: no Checkout Session ${id}`);
      if (session.payment_intent) return intents.get(session.payment_intent)!;
      if (session.status === "expired") throw new Error(`Stand-in: Checkout Session ${id} has expired`);
      const created = createIntent({
        ...(session.customer ? { customer: session.customer } : {}),
        amount: session.amount_total,
        currency: session.currency,
        metadata: session.payment_intent_data.metadata,
        description: session.payment_intent_data.description ?? undefined,
        setup_future_usage: session.payment_intent_data.setup_future_usage,
      }).body as StandInIntent;
      const intent = succeedIntent(created.id, card);
      session.payment_intent = intent.id;
      session.payment_status = "paid";
      session.status = "complete";
      session.url = null;
      return intent;
    },
    nextRefund(intentId, outcome) {
      refundOutcomes.set(intentId, outcome);
    },
    settleRefund(id, status = "succeeded") {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`Stand-in: no refund ${id}`);
      refund.status = status;
      return refund;
    },
    failNext(method, path, status, error) {
      failures.push({ method, path, answer: { status, body: { error } } });
    },
    reset() {
      requests.length = 0;
      refunds.length = 0;
      intents.clear();
      charges.clear();
      sessions.clear();
      paymentMethods.clear();
      // Customers stay: the app keeps their ids (payment_customers), as Stripe keeps them across tests.
      idempotent.clear();
      failures.length = 0;
      refundOutcomes.clear();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Points the app's Stripe client at the stand-in. Call before anything imports ~/services/config.server. */
export function pointStripeAt(standIn: Pick<StripeStandIn, "host" | "port">) {
  process.env.STRIPE_API_HOST = standIn.host;
  process.env.STRIPE_API_PORT = String(standIn.port);
  process.env.STRIPE_API_PROTOCOL = "http";
}
