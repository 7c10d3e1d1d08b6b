// React 18's web-stream renderer, which entry.server.tsx uses in Node; @types/react-dom declares it only
// under react-dom/server.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
