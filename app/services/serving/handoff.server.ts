// A document rendered in one synchronous pass (issue 44, first views). React's web-stream renderer encoded
// every string it wrote into its own 512-byte views (`TextEncoder.encodeInto`, several hundred native calls
// for an 80 KB page) and handed them out one promise at a time; together about a tenth of a first view's CPU.
// No page of this app defers anything, so the document is whole once its loaders return: React's string
// renderer builds it as one JavaScript string, encoded once.
//
// What stands in the way is Remix's single-fetch hand-off: `<RemixServer>` renders the loader data as inline
// scripts from `serverHandoffStream`, reading one chunk per Suspense level (`StreamTransfer`, in
// @remix-run/react's single-fetch.js). A string render cannot wait for a read, so the stream is read whole
// first and each level's read is put where `StreamTransfer` looks for it (`renderMeta.streamCache`, by its
// level), already settled: the same scripts, the same bytes. The stream ends within Remix's `streamTimeout`
// even if a loader's promise never settles (it is encoded as an error).
import type { EntryContext } from "@remix-run/node";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
type Level = StreamCache[number];

/** A settled read as `StreamTransfer` keeps it: a promise carrying its `result`. */
function settled(done: boolean, value: string): Level {
  const level = Promise.resolve() as Level;
  level.result = { done, value };
  return level;
}

/**
 * Reads the context's single-fetch stream to its end and leaves every read `StreamTransfer` will make already
 * settled, decoded exactly as it decodes them. Returns the whole hand-off's text (turbo-stream's encoding of the
 * loaders' data, a line for the data and one more for each promise settled), or null when the context has no
 * such stream (nothing to do).
 */
export async function settleHandoff(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  let text = "";
  for (let level = 0; ; level++) {
    const { done, value } = await reader.read();
    const read = decoder.decode(value, { stream: true });
    cache[level] = settled(done, read);
    text += read;
    if (done) break;
  }
  context.renderMeta.streamCache = cache;
  // `<RemixServer>` still asks the stream for a reader, which a read stream (locked) would refuse; nothing
  // reads from this one.
  context.serverHandoffStream = new ReadableStream<Uint8Array>();
  return text;
}
