// The client's address for rate limits (issue 21, part 3). It comes from the socket, or from the one
// header the configured proxy sets (TRUST_PROXY): never from X-Forwarded-For or X-Client-IP otherwise,
// which any client writes. @remix-run/express hands the app a Fetch Request with no socket in it, built
// from the Node request's headers; so the server (scripts/server.mjs, through the build's serverHooks)
// calls `passSocketAddress` first, which writes the socket's address under a header name drawn at random
// per process, replacing whatever a client sent under that name: a client can neither guess nor forge it.
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { env } from "~/services/platform/config.server";

const PEER_HEADER = `x-recircle-peer-${crypto.randomBytes(8).toString("hex")}`;

/** Makes the Request built from `req` carry its socket's address (the server calls it on every request). */
export function passSocketAddress(req: IncomingMessage) {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_HEADER] = address;
  else delete req.headers[PEER_HEADER];
}

/** The socket's address as the server saw it, or null when it is not known (no server: tests). */
function socketAddress(request: Request): string | null {
  return request.headers.get(PEER_HEADER);
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
