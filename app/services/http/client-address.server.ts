// The client's address for rate limits (issue 21, part 3). It comes from the socket, or from the one
// header the configured proxy sets (TRUST_PROXY): never from X-Forwarded-For or X-Client-IP otherwise,
// which any client writes. remix-serve hands the app a Fetch Request with no socket in it and takes
// no hook, so the app teaches the express instance remix-serve loaded (resolved from
// @remix-run/serve's own folder, as access-log.server does for morgan) to add the socket's address to
// the headers it copies into that Request, under a name drawn at random per process: a client can
// neither guess nor forge it, and it is only read once the patch is in place.
import crypto from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import { env } from "~/services/platform/config.server";

const PEER_HEADER = `x-recircle-peer-${crypto.randomBytes(8).toString("hex")}`;
let socketAddressExposed = false;

type ExpressRequest = http.IncomingMessage;

/** Makes remix-serve's requests carry their socket address; nothing happens without remix-serve. */
export function exposeSocketAddress() {
  let proto: object;
  try {
    const serve = createRequire(import.meta.url).resolve("@remix-run/serve/package.json");
    proto = (createRequire(serve)("express") as { request: object }).request;
  } catch {
    return;
  }
  if (socketAddressExposed) return;
  const original = Object.getOwnPropertyDescriptor(http.IncomingMessage.prototype, "headers");
  if (!original?.get) return;
  const get = original.get;
  Object.defineProperty(proto, "headers", {
    configurable: true,
    get(this: ExpressRequest) {
      const headers = get.call(this) as http.IncomingHttpHeaders;
      const address = this.socket?.remoteAddress;
      if (headers && address) headers[PEER_HEADER] = address;
      return headers;
    },
    set(this: ExpressRequest, value: unknown) {
      original.set?.call(this, value);
    },
  });
  socketAddressExposed = true;
}

/** The socket's address as remix-serve saw it, or null when it is not known (no remix-serve: tests). */
function socketAddress(request: Request): string | null {
  return socketAddressExposed ? request.headers.get(PEER_HEADER) : null;
}

/**
 * Who is asking, for rate limits: Fly-Client-IP behind fly-proxy (TRUST_PROXY=fly), the address a
 * generic proxy appended last to X-Forwarded-For (TRUST_PROXY=1), else the socket's. Requests whose
 * address is unknown (none of these) share one key.
 */
export function clientAddress(request: Request): string {
  if (env.TRUST_PROXY === "fly") return request.headers.get("Fly-Client-IP")?.trim() || "unknown";
  if (env.TRUST_PROXY === "1") {
    const last = request.headers.get("X-Forwarded-For")?.split(",").pop()?.trim();
    return last || socketAddress(request) || "unknown";
  }
  return socketAddress(request) ?? "local";
}
