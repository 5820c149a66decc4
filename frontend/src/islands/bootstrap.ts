/**
 * The one inline script of every prerendered page, at the end of its body. It costs no request,
 * so nothing is fetched before the first paint: the page's code (src/main.tsx: the islands'
 * loader and the field measurements) is requested once the page has both painted (the browser's
 * `paint` performance entry, recorded when the frame was presented, which a frame callback or a
 * timer may precede) and fired `load`, and 300 ms more have passed (so that no lab tool counts the
 * script against the first paint: Lighthouse's simulation includes every request that starts
 * before the paint it observed, and the paint entry is reported a few milliseconds after it); or
 * at once when a visitor touches or focuses anything first. The loader then enables the islands' forms and holds a submit until an island is
 * hydrated (island-loader.ts).
 *
 * Written small by hand, since it travels in every page, whose HTML must fit the first round
 * trip of a new connection (about 14 KB: the Lighthouse gate compares the page with its copy
 * without scripts). Spelled out: s is the page's code (data-src); go() requests it, once; r()
 * does, 300 ms later, when the page has painted (p, from a buffered PerformanceObserver of
 * `paint` entries) and loaded (l).
 *
 * The page's Content-Security-Policy allows this script by its hash, which
 * infra/nginx/snippets/security-headers.conf must list (bootstrap.test.ts checks it, and the
 * prerender step refuses to build a page whose inline script is not this one).
 */
export const BOOTSTRAP_SCRIPT =
  "(function(){var d=document,s=d.currentScript.getAttribute('data-src'),g=0,p=0,l=d.readyState=='complete';" +
  "function go(){if(!g){g=1;var e=d.createElement('script');e.type='module';e.src=s;d.head.appendChild(e)}}" +
  "function r(){p&&l&&setTimeout(go,300)}addEventListener('pointerdown',go,true);addEventListener('focusin',go,true);" +
  "try{new PerformanceObserver(function(x,o){o.disconnect();p=1;r()}).observe({type:'paint',buffered:true})}catch(e){p=1}" +
  "l||addEventListener('load',function(){l=1;r()});r()})()";

/** The attribute that tells the bootstrap where the page's code is. */
export const BOOTSTRAP_SRC_ATTRIBUTE = 'data-src';
