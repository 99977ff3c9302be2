// The owner's set-up checklist above the tabs (issue 26 #1): what the shop still lacks before it can
// sell, each step linking to where it is done and ticking itself once it is (the list is read again
// after every save in the back office). The owner hides it, for every device, and brings it back from
// the end of the tab strip.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import type { SetupStep } from '../../../contract/setup.js';
import type { SetupStepKey } from '../../../contract/values/setup.js';
import { Button } from '../../ui/button.js';
import { PanelError } from '../panels/admin-form.js';
import { mayLeaveUnsaved } from '../panels/use-unsaved-warning.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { useMe } from '../queries/use-me.js';
import { setSetupHidden, setupKey, setupQuery } from './setup-queries.js';

/** What each step's link says (never a tab's own label: the tab strip keeps those). */
const ACTIONS: Partial<Record<SetupStepKey, string>> = {
  shop: 'Add shop details',
  category: 'Add a category',
  item: 'Create an item',
  home: 'Edit the home page',
  shipping: 'Set shipping',
};

/** The checklist for the owner, while it is neither hidden nor complete; and its freshness after every save. */
function useSetup() {
  const { isOwner } = useMe();
  const query = useQuery({ ...setupQuery(), enabled: isOwner });
  const client = useQueryClient();
  // Any save in the back office may tick a step: read the list again after each one that succeeds.
  useEffect(() => {
    if (!isOwner) return;
    return client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success')
        void client.invalidateQueries({ queryKey: setupKey });
    });
  }, [client, isOwner]);
  const setup = isOwner ? query.data : undefined;
  const complete = setup?.steps.every((s) => s.done) ?? false;
  return { setup, complete, error: query.error };
}

function useHide() {
  return useAdminMutation({ call: setSetupHidden, invalidates: [setupKey] });
}

export function SetupChecklist() {
  const { setup, complete } = useSetup();
  const hide = useHide();
  const titleId = useId();
  if (!setup || setup.hidden || complete) return null;
  const done = setup.steps.filter((s) => s.done).length;
  const total = setup.steps.length;

  return (
    <section className="setup" aria-labelledby={titleId}>
      <div className="setup__head">
        <div className="setup__intro">
          <p className="setup__eyebrow">Getting started</p>
          <h2 className="setup__title" id={titleId}>
            Set up your shop
          </h2>
          <p className="setup__progress">
            {done} of {total} done
          </p>
          <div
            className="setup__meter"
            role="progressbar"
            aria-label="Set-up progress"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
          >
            <span className="setup__meter-fill" style={{ width: `${(done / total) * 100}%` }} />
          </div>
        </div>
        <Button variant="ghost" className="setup__hide" disabled={hide.pending} onClick={() => void hide.run(true)}>
          Hide
        </Button>
      </div>
      <PanelError message={hide.error} />
      <ol className="setup__steps">
        {setup.steps.map((step) => (
          <SetupItem key={step.key} step={step} />
        ))}
      </ol>
    </section>
  );
}

function SetupItem({ step }: { step: SetupStep }) {
  const action = ACTIONS[step.key];
  return (
    <li className={`setup__step${step.done ? ' setup__step--done' : ''}`} data-step={step.key}>
      <span className="setup__tick" aria-hidden="true">
        {step.done ? (
          <svg viewBox="0 0 16 16" width="12" height="12" focusable="false" aria-hidden="true">
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        ) : null}
      </span>
      <div className="setup__text">
        <p className="setup__label">
          {step.label}
          <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
        </p>
        <p className="setup__detail">{step.detail}</p>
      </div>
      {step.href && action && !step.done && (
        <Link
          className="setup__go"
          to={step.href}
          onClick={(event) => {
            // The link changes the tab without a page load, so the browser would not ask.
            if (!mayLeaveUnsaved()) event.preventDefault();
          }}
        >
          {action}
        </Link>
      )}
    </li>
  );
}

/** 'Set-up checklist' at the end of the tab strip, while the owner has hidden an unfinished list. */
export function SetupReopen() {
  const { setup, complete } = useSetup();
  const show = useHide();
  if (!setup?.hidden || complete) return null;
  const done = setup.steps.filter((s) => s.done).length;
  return (
    <button
      type="button"
      className="setup-reopen"
      disabled={show.pending}
      onClick={() => void show.run(false)}
      title={show.error ?? undefined}
    >
      Set-up checklist
      <span className="setup-reopen__count">
        {done}/{setup.steps.length}
      </span>
    </button>
  );
}
