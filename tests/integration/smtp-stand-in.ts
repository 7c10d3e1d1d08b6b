// A mail server stand-in on a local port, in one of three moods: "up" (takes every message and keeps its
// recipient and subject), "down" (not listening: connections are refused) and "silent" (accepts the
// connection and never greets).
import net from "node:net";

export type SmtpMood = "up" | "down" | "silent";
export type Received = { to: string; subject: string; data: string };

export async function startSmtpStandIn() {
  let mood: SmtpMood = "up";
  let acceptDelayMs = 0;
  const received: Received[] = [];
  const open = new Set<net.Socket>();

  function converse(socket: net.Socket) {
    let pending = "";
    let to = "";
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const onLine = (line: string) => {
      if (data) {
        if (line !== ".") return void data.push(line);
        const text = data.join("\n");
        received.push({ to, subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? "", data: text });
        data = null;
        return void setTimeout(() => reply("250 2.0.0 Ok: queued"), acceptDelayMs);
      }
      const command = line.split(/[ :]/)[0]!.toUpperCase();
      if (command === "EHLO" || command === "HELO") reply("250 stand-in");
      else if (command === "RCPT") {
        to = /<([^>]*)>/.exec(line)?.[1] ?? "";
        reply("250 2.1.5 Ok");
      } else if (command === "DATA") {
        data = [];
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (command === "QUIT") socket.end("221 2.0.0 Bye\r\n");
      else reply("250 Ok");
    };
    socket.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\r\n");
      pending = lines.pop()!;
      lines.forEach(onLine);
    });
    reply("220 stand-in ESMTP");
  }

  const server = net.createServer((socket) => {
    open.add(socket);
    socket.setNoDelay(true);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => {});
    if (mood === "up") converse(socket);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const stop = async () => {
    for (const socket of open) socket.destroy();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  };
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async setMood(next: SmtpMood) {
      mood = next;
      if (next === "down") await stop();
      else if (!server.listening) await listen(port);
    },
    /** How long each message takes to be accepted (a slow server). */
    setAcceptDelay(ms: number) {
      acceptDelayMs = ms;
    },
    close: stop,
  };
}
