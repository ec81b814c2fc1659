/**
 * In-isolate timers. The host owns the clock: `setTimeout` asks it to call back, and every timer
 * still pending when the call ends is dropped with the call's context.
 */
export const TIMERS_SOURCE = `
const pendingTimers = new Map();
let timerSeq = 0;
const MAX_TIMERS = 1000;
const MAX_DELAY = 2147483647;

function setTimeout(callback, delay, ...args) {
  if (typeof callback !== 'function') throw new TypeError('setTimeout expects a function');
  if (pendingTimers.size >= MAX_TIMERS) throw new RangeError('too many pending timers (' + MAX_TIMERS + ')');
  let ms = Number(delay);
  if (!(ms > 0)) ms = 0;
  if (ms > MAX_DELAY) ms = MAX_DELAY;
  const id = ++timerSeq;
  pendingTimers.set(id, { callback, args });
  hostTimerStart(id, ms);
  return id;
}

function clearTimeout(id) {
  if (pendingTimers.delete(id)) hostTimerClear(id);
}

function fireTimer(id) {
  const timer = pendingTimers.get(id);
  if (!timer) return;
  pendingTimers.delete(id);
  try {
    timer.callback(...timer.args);
  } catch (error) {
    emit('error', ['Uncaught', error]);
  }
}

defineGlobal('setTimeout', setTimeout);
defineGlobal('clearTimeout', clearTimeout);
defineGlobal('queueMicrotask', (callback) => {
  if (typeof callback !== 'function') throw new TypeError('queueMicrotask expects a function');
  Promise.resolve().then(() => callback());
});
`;
