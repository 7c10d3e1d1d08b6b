// scripts/server.mjs's Express and compression, used as they are by tests of its middleware (no @types
// packages for two imports).
declare module "express";
declare module "compression";
