/**
 * The one inline script of every prerendered page, at the end of its body. It costs no request,
 * so nothing is fetched before the first paint; the page's code (src/main.tsx: the islands' loader
 * and the field measurements) is requested once the page has both painted (the browser's `paint`
 * performance entry, recorded when the frame was presented, which a frame callback or a timer
 * may precede) and fired `load`, or at once when a visitor reaches for an island first (focus,
 * pointer, submit).
 *
 * Until an island's code has run:
 * - its fields are enabled here (they are prerendered disabled, so that a browser without
 *   JavaScript cannot send the form natively), and the browser's own validation applies;
 * - a submit that passed that validation is held (the page does not navigate, nothing typed is
 *   lost) and marked on the island, whose code submits it again once hydrated.
 *
 * The page's Content-Security-Policy allows this script by its hash, which
 * infra/nginx/snippets/security-headers.conf must list (bootstrap.test.ts checks it, and the
 * prerender step refuses to build a page whose inline script is not this one).
 */
export const BOOTSTRAP_SCRIPT = `(function () {
  var d = document, src = d.currentScript.getAttribute('data-src'), started = false;
  function start() {
    if (started) return;
    started = true;
    var script = d.createElement('script');
    script.type = 'module';
    script.src = src;
    d.head.appendChild(script);
  }
  d.querySelectorAll('[data-island] fieldset[disabled]').forEach(function (fieldset) {
    fieldset.disabled = false;
  });
  ['focusin', 'pointerdown', 'submit'].forEach(function (type) {
    d.addEventListener(type, function (event) {
      var island = event.target.closest && event.target.closest('[data-island]');
      if (!island) return;
      if (type === 'submit' && !island.hasAttribute('data-hydrated')) {
        event.preventDefault();
        island.setAttribute('data-held-submit', '');
      }
      start();
    }, true);
  });
  var painted = false, loaded = d.readyState === 'complete';
  function startWhenReady() {
    if (painted && loaded) start();
  }
  try {
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      painted = true;
      startWhenReady();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    painted = true;
  }
  if (!loaded) addEventListener('load', function () { loaded = true; startWhenReady(); });
  startWhenReady();
})();`;

/** The attribute that tells the bootstrap where the page's code is. */
export const BOOTSTRAP_SRC_ATTRIBUTE = 'data-src';
