// A payment provider's browser script (PayPal's JS SDK), added to the page once: every
// caller waits on the same load, and a failed load is forgotten so the next attempt tries again.
const loads = new Map<string, Promise<void>>();

/** Loads `src` unless `present()` says the script already ran; rejects with `failure` when it cannot. */
export function loadScript(src: string, present: () => boolean, failure: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      if (present()) return resolve();
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loads.delete(src);
        reject(new Error(failure));
      };
      document.head.append(script);
    });
    loads.set(src, load);
  }
  return load;
}
