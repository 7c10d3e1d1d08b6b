// The deployment's files past one VM (issue 37), checked by parsing them since no container is built here:
// litefs.yml (the mount is DATABASE_PATH's directory, the lease, migrations on the candidate only, then the
// app), litestream.yml (the database and replica from the environment, sync, snapshots, retention; and
// Litestream itself reads it), the Dockerfile (litefs and litestream from their official images, LiteFS
// started) and fly.toml (the volume, the paths), and the scripts the operator runs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type LitefsConfig = {
  fuse: { dir: string; "allow-other"?: boolean };
  data: { dir: string };
  lease: {
    type: string;
    candidate: unknown;
    promote?: boolean;
    "advertise-url": string;
    consul?: { url: string; key: string };
  };
  exec: Array<{ cmd: string; "if-candidate"?: boolean }>;
};
type LitestreamConfig = {
  dbs: Array<{
    path: string;
    "meta-path": string;
    "monitor-interval": string;
    replicas: Array<Record<string, string>>;
  }>;
};
type FlyConfig = {
  primary_region: string;
  env: Record<string, string>;
  mounts: Array<{ source: string; destination: string }>;
};

const litefs = parseYaml(read("litefs.yml")) as LitefsConfig;
const litestream = parseYaml(read("litestream.yml")) as LitestreamConfig;
const fly = parseToml(read("fly.toml")) as unknown as FlyConfig;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const dockerfile = read("Dockerfile")
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const [instruction, ...rest] = line.split(/\s+/);
    return { instruction: instruction!.toUpperCase(), args: rest.join(" ") };
  });
const dockerEnv = Object.fromEntries(
  dockerfile
    .filter((i) => i.instruction === "ENV")
    .flatMap((i) => [...i.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2]!.replace(/^"|"$/g, "")])),
);

/** ${NAME} replaced from `vars`, as LiteFS and Litestream expand their files. */
const expand = (text: string, vars: Record<string, string>) =>
  text.replace(/\$\{(\w+)\}/g, (_, name: string) => vars[name] ?? "");

describe("litefs.yml", () => {
  it("mounts the directory DATABASE_PATH is in, as fly.toml and the Dockerfile set them", () => {
    expect(litefs.fuse.dir).toBe("${LITEFS_DIR}");
    for (const env of [fly.env, dockerEnv]) {
      expect(env.LITEFS_DIR).toBeTruthy();
      expect(path.posix.dirname(env.DATABASE_PATH!)).toBe(expand(litefs.fuse.dir, env));
    }
    // The app runs as `node`: it must be let into root's FUSE mount.
    expect(litefs.fuse["allow-other"]).toBe(true);
  });

  it("keeps LiteFS's data and Litestream's shadow WAL on the volume, outside the mount", () => {
    const [volume] = fly.mounts;
    expect(volume!.destination).toBe("/data");
    expect(litefs.data.dir.startsWith(`${volume!.destination}/`)).toBe(true);
    expect(fly.env.LITESTREAM_META_PATH!.startsWith(`${volume!.destination}/`)).toBe(true);
    expect(fly.env.LITESTREAM_META_PATH!.startsWith(`${fly.env.LITEFS_DIR}/`)).toBe(false);
    expect(dockerEnv.LITESTREAM_META_PATH).toBe(fly.env.LITESTREAM_META_PATH);
  });

  it("takes the lease through Consul, the primary region's machines being the candidates", () => {
    expect(litefs.lease.type).toBe("consul");
    expect(String(litefs.lease.candidate)).toBe("${FLY_REGION == PRIMARY_REGION}");
    expect(litefs.lease.promote).toBe(true);
    expect(litefs.lease.consul).toEqual({ url: "${FLY_CONSUL_URL}", key: "litefs/${FLY_APP_NAME}" });
    expect(litefs.lease["advertise-url"]).toMatch(
      /^http:\/\/\$\{FLY_MACHINE_ID\}\.vm\.\$\{FLY_APP_NAME\}\.internal:20202$/,
    );
    expect(fly.primary_region).toBeTruthy();
  });

  it("migrates on the candidate only, then runs the app (with Litestream) as the node user", () => {
    const migrate = litefs.exec.filter((step) => step.cmd.includes("scripts/migrate.ts"));
    expect(migrate).toHaveLength(1);
    expect(migrate[0]!["if-candidate"]).toBe(true);
    const last = litefs.exec.at(-1)!;
    expect(last["if-candidate"]).toBeUndefined();
    expect(last.cmd).toMatch(/^setpriv --reuid=node .* node scripts\/start-replicated\.mjs build\/index\.js$/);
    expect(litefs.exec.indexOf(migrate[0]!)).toBeLessThan(litefs.exec.indexOf(last));
    for (const script of ["scripts/migrate.ts", "scripts/start-replicated.mjs"]) {
      expect(fs.existsSync(path.join(root, script)), script).toBe(true);
    }
  });

  it("its migration step migrates a database and exits", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-"));
    try {
      const step = litefs.exec.find((s) => s.cmd.includes("scripts/migrate.ts"))!.cmd;
      const command = step.replace(/^setpriv .*? node /, "").split(" ");
      const run = spawnSync(process.execPath, command, {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "test", DATABASE_PATH: path.join(dir, "app.db"), SESSION_SECRET: "s" },
      });
      expect(run.status, run.stderr).toBe(0);
      const migrations = fs.readdirSync(path.join(root, "db", "migrations")).filter((f) => f.endsWith(".sql"));
      expect(run.stdout).toContain(`Database migrated (${migrations.length} migrations applied in all).`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("litestream.yml", () => {
  const [db] = litestream.dbs;
  const [replica] = db!.replicas;

  it("replicates DATABASE_PATH to the replica, the credentials and endpoint from the environment", () => {
    expect(litestream.dbs).toHaveLength(1);
    expect(db!.path).toBe("${DATABASE_PATH}");
    expect(db!["meta-path"]).toBe("${LITESTREAM_META_PATH}");
    expect(db!.replicas).toHaveLength(1);
    expect(replica).toMatchObject({
      url: "${LITESTREAM_REPLICA_URL}",
      endpoint: "${LITESTREAM_ENDPOINT}",
      "access-key-id": "${LITESTREAM_ACCESS_KEY_ID}",
      "secret-access-key": "${LITESTREAM_SECRET_ACCESS_KEY}",
    });
  });

  it("ships every second, snapshots and keeps a retention", () => {
    expect(replica!["sync-interval"]).toBe("1s");
    expect(db!["monitor-interval"]).toBe("100ms");
    expect(replica!["snapshot-interval"]).toMatch(/^\d+h$/);
    expect(replica!.retention).toMatch(/^\d+h$/);
  });

  it("is read by Litestream itself, the replica URL and path from the environment", () => {
    const binary = path.join(root, "node_modules/@flydotio/litestream-linux-x64/litestream");
    expect(fs.existsSync(binary), "npm ci installs the Litestream binary (optional dependency)").toBe(true);
    const listed = spawnSync(binary, ["databases", "-config", path.join(root, "litestream.yml")], {
      encoding: "utf8",
      env: {
        NODE_ENV: "test",
        PATH: process.env.PATH,
        DATABASE_PATH: "/srv/check/app.db",
        LITESTREAM_META_PATH: "/srv/check/.app.db-litestream",
        LITESTREAM_REPLICA_URL: "s3://recircle-backups/yul/app.db",
        LITESTREAM_ENDPOINT: "https://fly.storage.tigris.dev",
        LITESTREAM_ACCESS_KEY_ID: "key",
        LITESTREAM_SECRET_ACCESS_KEY: "secret",
      },
    });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/\/srv\/check\/app\.db\s+s3/);
  });
});

describe("Dockerfile", () => {
  const stages = new Map(
    dockerfile
      .filter((i) => i.instruction === "FROM")
      .map((i) => {
        const [image, , name] = i.args.split(/\s+/);
        return [name ?? image!, image!];
      }),
  );
  const copiedFrom = (stage: string) =>
    dockerfile.filter((i) => i.instruction === "COPY" && i.args.startsWith(`--from=${stage} `)).map((i) => i.args);

  it("takes litefs from LiteFS's official image and litestream from Litestream's", () => {
    expect(stages.get("litefs")).toMatch(/^flyio\/litefs:0\.5/);
    expect(stages.get("litestream")).toMatch(/^litestream\/litestream:0\.3\.13$/);
    expect(copiedFrom("litefs")).toEqual(["--from=litefs /usr/local/bin/litefs /usr/local/bin/litefs"]);
    expect(copiedFrom("litestream")).toEqual(["--from=litestream /usr/local/bin/litestream /usr/local/bin/litestream"]);
    expect(dockerfile.some((i) => i.instruction === "RUN" && /\bfuse3\b/.test(i.args))).toBe(true);
  });

  it("ships both configurations and starts LiteFS, which runs the app", () => {
    const copies = dockerfile.filter((i) => i.instruction === "COPY").map((i) => i.args);
    expect(copies.some((c) => /\blitefs\.yml\b/.test(c) && /\blitestream\.yml\b/.test(c))).toBe(true);
    expect(dockerfile.filter((i) => i.instruction === "CMD").at(-1)!.args).toBe('["litefs", "mount"]');
  });
});

describe("package.json", () => {
  it("has the operator's commands", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts["start:replicated"]).toMatch(/node scripts\/start-replicated\.mjs$/);
    expect(scripts.restore).toBe("node scripts/restore.mjs");
    expect(scripts.migrate).toBe("tsx scripts/migrate.ts");
  });
});
