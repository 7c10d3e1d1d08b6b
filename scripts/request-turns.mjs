// One request started per turn of the event loop (issue 44). Node accepts at most one new connection per turn
// (measured: a server busy with 50 keep-alive connections took in a 51st every 200-500 ms), and every request
// read in one turn used to run to its end in that same turn: with 50 first views under way, a turn lasted
// half a second, so a newcomer's connection waited as many half-seconds as there were newcomers before it
// (the bench's p99 of 5-7 s against a p50 of 0.5 s, and the 250-connection mix's timeouts). Here the requests
// read in a turn wait in order, and one of them is started per turn: between two of them the loop goes back
// to its sockets, accepts the next connection and reads what came in. A request's own waits (a provider's
// answer, a file) come back through the loop as before.

/**
 * `start` callbacks run in the order given, one per turn of the event loop (each in a `setImmediate` queued
 * after the previous one ran, so the loop polls its sockets in between).
 */
export function oneRequestPerTurn() {
  const waiting = [];
  let scheduled = false;
  function nextTurn() {
    const start = waiting.shift();
    if (waiting.length) setImmediate(nextTurn);
    else scheduled = false;
    start();
  }
  return function inTurn(start) {
    waiting.push(start);
    if (!scheduled) {
      scheduled = true;
      setImmediate(nextTurn);
    }
  };
}
