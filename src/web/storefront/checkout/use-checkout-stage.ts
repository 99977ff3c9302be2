// The checkout's stage machine (spec §4): checkout → shipping → billing. The stage lives in the URL
// (?stage=shipping|billing; none is the contact stage), so a reload, a shared link and back/forward
// land on it; the server's POST /stageCheck has the last word on how far the shopper may go. A stage
// the buttons already checked and prepared is just shown when the URL follows; one the URL asks for
// (first load, reload, a link, back/forward) is checked and prepared first.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type CheckoutPromo, type CheckoutStage, stageCheck } from '../../api/http-api.js';
import { checkoutErrorMessage } from './fields.js';

export type Stage = Exclude<CheckoutStage, 'success'>;
export const RANK: Record<CheckoutStage, number> = { checkout: 0, shipping: 1, billing: 2, success: 3 };

/** The stage a `?stage=` value asks for; anything else is the contact stage. */
export const stageFromQuery = (value: string | null): Stage =>
  value === 'shipping' || value === 'billing' ? value : 'checkout';
const searchOf = (stage: Stage) => (stage === 'checkout' ? '' : `?stage=${stage}`);

/** The step before `target` that the server says is the furthest valid one, if any. */
const stepBack = (validStep: CheckoutStage, target: Stage): Stage | null =>
  validStep !== 'success' && RANK[validStep] < RANK[target] ? validStep : null;

type Options = {
  /** The promo (and why the server dropped one) that every /stageCheck answers. */
  onPromo: (promo: CheckoutPromo | null, byShopper: boolean, why?: string) => void;
  /**
   * Readies shipping or billing entered from the URL (options, the payment); answers the stage to go
   * to instead (e.g. billing with no shipping method yet), or null. `current()` turns false once the
   * URL moved on.
   */
  prepare: (
    target: 'shipping' | 'billing',
    promo: CheckoutPromo | null,
    current: () => boolean,
  ) => Promise<Stage | null>;
};

export function useCheckoutStage({ onPromo, prepare }: Options) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlStage = stageFromQuery(searchParams.get('stage'));
  const urlStageNow = useRef(urlStage);
  urlStageNow.current = urlStage;
  /** The stage on screen; null while a stage asked for by the URL is being checked and prepared. */
  const [stage, setStage] = useState<Stage | null>(urlStage === 'checkout' ? 'checkout' : null);
  /** A step is being checked or prepared: its buttons wait. */
  const [pending, setPending] = useState(false);
  /** Why the last step failed, shown on the stage. */
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** A stage the buttons have already checked and prepared: the URL change that follows just shows it. */
  const prepared = useRef<Stage | null>(null);
  const entering = useRef(0);
  const started = useRef(false);

  /** Puts `target` in the URL (a new history entry unless `replace`). */
  const go = (target: Stage, replace = false) => {
    void navigate({ search: searchOf(target) }, { replace });
  };

  /** Shows a stage the caller has checked and prepared, through the URL. */
  const show = (target: Stage) => {
    if (target === urlStageNow.current) {
      prepared.current = null;
      setStage(target);
      return;
    }
    prepared.current = target;
    go(target);
  };

  /**
   * Entering a stage from the URL: the server says which step is valid and a step beyond it is
   * replaced by it (spec §4); shipping and billing are prepared again (`prepare`).
   */
  const enter = async (target: Stage, first: boolean, current: () => boolean) => {
    if (target === 'checkout') {
      setStage('checkout');
      setPending(false);
      if (first) {
        stageCheck('checkout')
          .then((answer) => {
            if (current()) onPromo(answer.promo, false, answer.promoNotice);
          })
          .catch(() => undefined);
      }
      return;
    }
    setPending(true);
    try {
      const answer = await stageCheck(target);
      if (!current()) return;
      onPromo(answer.promo, false, answer.promoNotice);
      const back = stepBack(answer.validStep, target);
      if (back) {
        go(back, true);
        return;
      }
      const instead = await prepare(target, answer.promo, current);
      if (!current()) return;
      if (instead) {
        go(instead, true);
        return;
      }
      setStage(target);
    } catch (err) {
      if (!current()) return;
      setError(checkoutErrorMessage(err));
      go(target === 'billing' ? 'shipping' : 'checkout', true);
    } finally {
      if (current()) setPending(false);
    }
  };

  // Only the URL drives the effect below; what entering needs is read from the latest render.
  const urlChanged = useEffectEvent((target: Stage) => {
    const run = ++entering.current;
    const first = !started.current;
    started.current = true;
    if (prepared.current === target) {
      prepared.current = null;
      setStage(target);
      return;
    }
    prepared.current = null;
    if (!first) moved.current = true;
    void enter(target, first, () => run === entering.current);
  });
  // The URL's stage changed (or the checkout opened): show it, checking it first unless prepared.
  useEffect(() => urlChanged(urlStage), [urlStage]);

  // Focus follows the shopper from stage to stage (not on the first stage shown).
  useEffect(() => {
    if (!moved.current || stage === null) return;
    const heading = headingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.closest('.checkout-flow')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [stage]);

  /** Moves to `target` unless the server's furthest valid step is before it (spec §4). */
  const advance = async (target: Stage) => {
    let next: Stage = target;
    try {
      const answer = await stageCheck(target);
      onPromo(answer.promo, false, answer.promoNotice);
      next = stepBack(answer.validStep, target) ?? target;
    } catch {
      // The server answers again on the next call; do not strand the shopper meanwhile.
    }
    moved.current = true;
    setError(null);
    show(next);
  };

  /** Change links and the steps list: back to a stage already prepared, as a new history entry. */
  const goBack = (target: Stage) => {
    moved.current = true;
    setError(null);
    show(target);
  };

  /**
   * Runs a step's calls (the continue buttons): its buttons wait meanwhile, and a failure is said on
   * the stage. Resolves to the error, if any.
   */
  const runStep = async (task: () => Promise<void>): Promise<unknown> => {
    setPending(true);
    setError(null);
    try {
      await task();
      return null;
    } catch (err) {
      setError(checkoutErrorMessage(err));
      return err;
    } finally {
      setPending(false);
    }
  };

  return {
    /** The stage on screen; null while the one the URL asks for is being prepared. */
    stage,
    /** What the page shows: the stage, or while it is being entered the one the URL asks for. */
    view: stage ?? urlStage,
    pending,
    error,
    setError,
    headingRef,
    advance,
    goBack,
    runStep,
  };
}
