import { createHash } from 'node:crypto';

/** However late the browser reports the first paint (or never does), the page's scripts start by then. */
const START_AT_LATEST_MS = 3_000;

/**
 * A page whose first screen arrives prerendered needs only its HTML and CSS to paint; its scripts and preloads
 * fetched at the same time compete with them on a slow link (and Lighthouse counts every request started before
 * the first paint as the paint's cost). Such a page holds them in an inert `<template>` and a small inline script
 * starts them, in their order, once the browser reports the first contentful paint: at once in a browser that
 * cannot report it or in a hidden tab (nothing to paint for anyone), and after `START_AT_LATEST_MS` in any case.
 * Each tag starts in a task of its own: a request started from a script costs the main thread ~1–2 ms (measured
 * in Chromium's trace), and all of them in one task made a long task on a slow phone while the visitor reads.
 */
export const START_AFTER_PAINT_SCRIPT = `(function () {
  var held = document.getElementById('after-first-paint');
  var started = false;
  function copyOf(tag) {
    var copy = document.createElement(tag.localName);
    Array.prototype.forEach.call(tag.attributes, function (attribute) { copy.setAttribute(attribute.name, attribute.value); });
    return copy;
  }
  function start() {
    if (started || !held) return;
    started = true;
    var tags = Array.prototype.slice.call(held.content.children);
    var nextTask = new MessageChannel();
    function startNext() {
      var copy = copyOf(tags.shift());
      if (copy.localName === 'script') {
        copy.async = false;
        document.body.appendChild(copy);
      } else document.head.appendChild(copy);
      if (tags.length > 0) nextTask.port2.postMessage(null);
      else nextTask.port1.close();
    }
    nextTask.port1.onmessage = startNext;
    if (tags.length > 0) startNext();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === 'hidden' || types.indexOf('paint') < 0) return start();
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') start(); });
  setTimeout(start, ${START_AT_LATEST_MS});
})();`;

/** The script's CSP source: the page's policy allows this one inline script and no other. */
export const START_AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** The tags the page fetches at once: preload links (the shell's and the route's) and scripts with a `src`. */
const STARTING_TAGS = /<link\s[^>]*\brel="preload"[^>]*>|<script\s[^>]*\bsrc="[^"]*"[^>]*><\/script>/g;

/** The page with its scripts and preloads held until its first paint; as it is when it has none or no body. */
export function withStartAfterPaint(html: string): string {
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyEnd < 0) return html;
  const held: string[] = [];
  const rest = html.slice(0, bodyEnd).replace(STARTING_TAGS, (tag) => {
    held.push(tag);
    return '';
  });
  if (held.length === 0) return html;
  return `${rest}<template id="after-first-paint">${held.join('')}</template><script>${START_AFTER_PAINT_SCRIPT}</script>${html.slice(bodyEnd)}`;
}
