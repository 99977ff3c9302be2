// The steps list above the checkout (spec §2): Information, Shipping, Payment; the steps already done
// are links back once the stage on screen is ready.
import { RANK, type Stage } from './use-checkout-stage.js';

const STEPS: { stage: Stage; label: string }[] = [
  { stage: 'checkout', label: 'Information' },
  { stage: 'shipping', label: 'Shipping' },
  { stage: 'billing', label: 'Payment' },
];
/** The heading of each stage. */
export const STAGE_HEADINGS: Record<Stage, string> = {
  checkout: 'Your details',
  shipping: 'Delivery',
  billing: 'Payment',
};

export function CheckoutSteps({
  view,
  ready,
  onBack,
}: {
  view: Stage;
  /** The stage on screen is ready (not being entered): done steps are links. */
  ready: boolean;
  onBack: (stage: Stage) => void;
}) {
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {STEPS.map((s) => {
        const rank = RANK[s.stage];
        const current = s.stage === view;
        const done = rank < RANK[view];
        return (
          <li
            key={s.stage}
            className="checkout-steps__item"
            data-state={current ? 'current' : done ? 'done' : 'todo'}
            aria-current={current ? 'step' : undefined}
          >
            {done && ready ? (
              <button type="button" className="checkout-steps__link" onClick={() => onBack(s.stage)}>
                {s.label}
              </button>
            ) : (
              <span>{s.label}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
