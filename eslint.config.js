// ESLint (flat config): typescript-eslint, the rules of hooks and jsx-a11y over the app, tests and
// scripts. Formatting is Prettier's job; the folder rule between services is dependency-cruiser's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build*/",
      "public/build*/",
      "scripts/bench-floor/build/",
      ".cache/",
      "node_modules/",
      "tests/.tmp/",
      "data/",
      "db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Thin routes and small components (README "Layout"): a module past these sizes is split, not grown.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Page modules (and root) take server code from one module: the browser build replaces each `.server`
    // module a page imports by an empty stand-in, and every stand-in shared by two pages was a chunk of its
    // own (7-12 requests of 105 bytes per page). See app/services/http/pages.server.ts.
    files: ["app/routes/**/*.tsx", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/node",
              allowTypeImports: true,
              message: "Take data and redirect from ~/services/http/pages.server (one browser stand-in).",
            },
          ],
          patterns: [
            {
              regex: "^~/services/(?!http/pages\\.server$).*\\.server$",
              message: "Import server code in a page module from ~/services/http/pages.server (one browser stand-in).",
            },
          ],
        },
      ],
    },
  },
  {
    // Resource routes (*.ts: /api, webhooks, feeds) parse the request, ask a domain or the web edge and
    // answer: never the database, its schema or the platform below the domains (dependency-cruiser checks
    // the same for platform/).
    files: ["app/routes/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "drizzle-orm", message: "Ask a service: a route never queries the database." },
            { name: "better-sqlite3", message: "Ask a service: a route never queries the database." },
          ],
          patterns: [
            {
              regex: "^~/services/platform/",
              message: "Ask a domain or the web edge (services/http), not the platform.",
            },
            {
              regex: "(^|/)db/schema$",
              allowTypeImports: true,
              message: "Ask a service: a route never reads the schema (its types are fine).",
            },
          ],
        },
      ],
    },
  },
  {
    // Services too: one job per module (services/checkout is split by job for that reason).
    files: ["app/services/**/*.ts"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["app/components/**/*.tsx"],
    rules: { "max-lines": ["error", { max: 220, skipBlankLines: false, skipComments: false }] },
  },
  {
    // better-sqlite3's .get() on INSERT/UPDATE … RETURNING drops a failed commit's error (a full disk
    // answers the row it never stored): such writes go through db.server's durably().
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='get'][callee.object.callee.property.name='returning']",
          message: "A failed commit would answer success: write it with durably(query.returning()) from db.server.",
        },
        {
          selector: "ExportAllDeclaration",
          message: "Export names, not `export *`: a barrel of stars hides dead exports from knip.",
        },
      ],
    },
  },
  {
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    files: ["app/entry.client.tsx", "app/components/**", "app/lib/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
