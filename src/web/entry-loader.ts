// The one inline script of every page: it decides when the browser asks for the app's entry module.
//
// A page with first pictures (rendered with fetchpriority=high: the home banner, the first tiles, the
// product's first photo) asks for the app only once the largest of them is on screen. The
// server-rendered page is complete without the app, so on a slow phone line those pictures get the
// bandwidth instead of ~100 KB of script, and the phone paints them before it spends its CPU on the
// app. The app is asked for at the first of:
// - the browser reports a largest-contentful-paint entry for one of those pictures (it does so once
//   the frame holding it is presented);
// - those pictures have loaded, a frame has passed and SETTLE_MS more (a browser without the
//   largest-contentful-paint API, or a page whose largest element is text);
// - the shopper touches, clicks or types anything;
// - CAP_MS, whatever the pictures do.
// A page without such pictures (bag, checkout, info pages, back office) asks for the app at once.
//
// Nothing the shopper does before the app has taken over the page is lost. Taps on buttons, check
// boxes and radios, and form submissions (Enter in a field), are held and done again, once each and
// one task apart, once the app marks the document hydrated (`html[data-hydrated]`, see
// document.tsx); taps arriving while they are done again queue behind them. Text typed or options
// chosen meanwhile are put back after hydration (React may reset fields to its state) and announced
// to React as an input event (the field is first emptied through React's own setter, so React sees
// a change), so its state holds them too. Links work on their own. Once the entry has started
// hydrating (ENTRY_HYDRATING_EVENT) React holds and replays taps itself, so the loader lets them
// through, unless it already holds earlier ones: then it holds those too, to keep their order.
//
// The text is a constant (the entry's address travels in data-entry, the chunks it imports in
// data-preload), so the Content Security Policy allows exactly it by its hash (security-headers.ts).

import { ENTRY_HYDRATING_EVENT } from './hydration-events.js';

/** Longest wait for the first pictures before the app is loaded anyway. */
export const ENTRY_LOADER_CAP_MS = 2500;
/** After the first pictures have loaded and a frame has passed, how long to wait for the browser's report of their paint. */
export const ENTRY_LOADER_SETTLE_MS = 250;
/** How long after the app was asked for taps are held, should it never mark the document hydrated (then they are dropped). */
export const ENTRY_LOADER_HOLD_MS = 15000;

const source = `(function(){
var s=document.currentScript,d=s.dataset,html=document.documentElement,done=0,started=0,draining=0,replaying=0,held=[],typed=[],values=[];
function hydrated(){return html.dataset.hydrated==='true'}
function go(){if(done)return;done=1;var h=document.head;
(d.preload||'').split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});
var e=document.createElement('script');e.type='module';e.src=d.entry;h.appendChild(e);
setTimeout(function(){if(!hydrated()){held=[];typed=[];finish()}},${ENTRY_LOADER_HOLD_MS})}
function mine(){return !held.length&&(started||hydrated())}
function hold(ev,el){ev.preventDefault();ev.stopImmediatePropagation();if(held.indexOf(el)<0)held.push(el)}
function early(ev){if(replaying)return;go();if(mine())return;
var t=ev.target,el=t&&t.closest&&t.closest('a[href],input,select,textarea,button,[role=button],label,summary');
if(!el||el.matches('a[href],select,textarea,input:not([type=checkbox],[type=radio])'))return;
if(el.tagName==='LABEL'){var c=el.control;if(c&&!c.matches('[type=checkbox],[type=radio]'))return;el=c||el}
hold(ev,el)}
function submitted(ev){if(!replaying&&!mine())hold(ev,ev.target)}
function edit(ev){var el=ev.target,i;if(hydrated()||!el.matches||!el.matches('input:not([type=file]),textarea,select'))return;
i=typed.indexOf(el);if(i<0)i=typed.push(el)-1;values[i]=el.value}
function restore(el,i){var v=values[i],set=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),'value').set;
if(!el.isConnected)return;el.value='';set.call(el,v);el.dispatchEvent(new Event(el.tagName==='SELECT'?'change':'input',{bubbles:true}))}
function step(){var el=held.shift();if(!el){draining=0;return finish()}
replaying=1;try{if(el.isConnected){if(el.tagName==='FORM')el.requestSubmit();else el.click()}}finally{replaying=0}setTimeout(step)}
function finish(){document.removeEventListener('click',early,true);document.removeEventListener('submit',submitted,true);
document.removeEventListener('input',edit,true);document.removeEventListener('change',edit,true);watch.disconnect()}
function ready(){if(!hydrated()||draining)return;watch.disconnect();typed.forEach(restore);typed=[];draining=1;setTimeout(step)}
var watch=new MutationObserver(ready);
watch.observe(html,{attributes:true,attributeFilter:['data-hydrated']});
document.addEventListener('${ENTRY_HYDRATING_EVENT}',function(){started=1});
document.addEventListener('click',early,true);document.addEventListener('submit',submitted,true);
document.addEventListener('input',edit,true);document.addEventListener('change',edit,true);
['pointerdown','touchstart','keydown'].forEach(function(t){document.addEventListener(t,go,{capture:true,passive:true,once:true})});
var first=[].slice.call(document.querySelectorAll('img[fetchpriority=high]'));
if(!first.length)return go();
try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(first.indexOf(e.element)>=0)go()})}).observe({type:'largest-contentful-paint',buffered:true})}catch(x){}
function loaded(){requestAnimationFrame(function(){setTimeout(go,${ENTRY_LOADER_SETTLE_MS})})}
var n=first.filter(function(i){return !i.complete}).length;
if(!n)loaded();else first.forEach(function(i){if(i.complete)return;function one(){if(--n===0)loaded()}i.addEventListener('load',one,{once:true});i.addEventListener('error',one,{once:true})});
setTimeout(go,${ENTRY_LOADER_CAP_MS})})()`;

/** The loader's text, as sent in the page (one line). */
export const ENTRY_LOADER = source.replace(/\n/g, '');
