// 'Find my size' (issue 27): two measurements in inches or centimetres → the shop's size, the band
// and cup size and sister sizes (bras), and notes between and outside sizes, from the rules in
// src/domain/fit-finder.ts. The answer is remembered (fit-memory.ts) and preselected on product pages.
// Its own chunk: loaded when the shopper first opens it.
import { type FormEvent, useId, useState } from 'react';
import { type FitAnswer, type FitKind, type FitUnit, findFit } from '../../../domain/fit-finder.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { readFit, saveFit } from './fit-memory.js';
import './fit-finder.css';

const FIELDS = {
  bra: [
    { key: 'underBust', label: 'Under-bust', how: 'Snugly around your rib cage, just beneath your bust.' },
    { key: 'fullBust', label: 'Full bust', how: 'Around the fullest part of your bust, tape level across your back.' },
  ],
  panties: [
    { key: 'waist', label: 'Waist', how: 'Around the narrowest part of your natural waist.' },
    { key: 'hip', label: 'Hip', how: 'Around the fullest part of your hips, feet together.' },
  ],
} as const;

const KIND_LABELS: Record<FitKind, string> = { bra: 'Bras', panties: 'Panties' };
const PAGES: Record<FitKind, string> = { bra: 'bra', panties: 'panty' };

/** '' or text that is not a number becomes NaN, which the rules refuse with a message. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

type Props = { open: boolean; kind: FitKind | null; onClose: () => void };

export default function FitFinderDialog({ open, kind: fixedKind, onClose }: Props) {
  const [kind, setKind] = useState<FitKind>(fixedKind ?? 'bra');
  const [unit, setUnit] = useState<FitUnit>('in');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [answer, setAnswer] = useState<FitAnswer | null>(null);
  const id = useId();
  const fields = FIELDS[kind];
  const remembered = answer ? null : readFit(kind);

  const reset = () => {
    setAnswer(null);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [a, b] = fields;
    const input =
      kind === 'bra'
        ? { kind, unit, underBust: numberOf(values.underBust ?? ''), fullBust: numberOf(values.fullBust ?? '') }
        : { kind, unit, waist: numberOf(values.waist ?? ''), hip: numberOf(values.hip ?? '') };
    const result = findFit(input);
    if (!result.ok) {
      setAnswer(null);
      setError({ field: result.field === 'unit' ? a.key : result.field, message: result.error });
      document.getElementById(`${id}-${result.field === b.key ? b.key : a.key}`)?.focus();
      return;
    }
    setError(null);
    setAnswer(result.answer);
    if (result.answer.size) saveFit(kind, { size: result.answer.size, bandCup: result.answer.bandCup });
  };

  return (
    <Modal open={open} onClose={onClose} title="Find my size" closeLabel="Close Find my size" className="fit-finder">
      <form className="fit-finder__form" onSubmit={submit} noValidate>
        {fixedKind === null && (
          <fieldset className="fit-finder__toggle">
            <legend className="fit-finder__legend">I am measuring for</legend>
            {(['bra', 'panties'] as const).map((k) => (
              <label key={k} className="fit-finder__seg">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k}
                  checked={kind === k}
                  onChange={() => {
                    setKind(k);
                    reset();
                  }}
                />
                <span>{KIND_LABELS[k]}</span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="fit-finder__toggle">
          <legend className="fit-finder__legend">Unit</legend>
          {(['in', 'cm'] as const).map((u) => (
            <label key={u} className="fit-finder__seg">
              <input
                type="radio"
                name={`${id}-unit`}
                value={u}
                checked={unit === u}
                onChange={() => {
                  setUnit(u);
                  reset();
                }}
              />
              <span>{u === 'in' ? 'Inches' : 'Centimetres'}</span>
            </label>
          ))}
        </fieldset>
        <div className="fit-finder__fields">
          {fields.map((field) => (
            <FormField
              key={field.key}
              id={`${id}-${field.key}`}
              label={`${field.label} (${unit})`}
              name={field.key}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={values[field.key] ?? ''}
              onChange={(e) => {
                setValues((v) => ({ ...v, [field.key]: e.target.value }));
                if (error?.field === field.key) setError(null);
              }}
              hint={field.how}
              error={error?.field === field.key ? error.message : undefined}
            />
          ))}
        </div>
        <Button type="submit" block>
          Find my size
        </Button>
      </form>

      <div className="fit-finder__answer" aria-live="polite">
        {answer && <Answer answer={answer} kind={kind} onClose={onClose} />}
        {!answer && remembered && (
          <p className="fit-finder__remembered">
            Your saved {PAGES[kind]} size: <strong>{remembered.size}</strong>
            {remembered.bandCup ? ` (${remembered.bandCup})` : ''}
          </p>
        )}
      </div>
    </Modal>
  );
}

function Answer({ answer, kind, onClose }: { answer: FitAnswer; kind: FitKind; onClose: () => void }) {
  return (
    <div className="fit-finder__result">
      {answer.size ? (
        <>
          <p className="fit-finder__size-label">Your size</p>
          <p className="fit-finder__size">{answer.size}</p>
        </>
      ) : (
        <p className="fit-finder__size-label">We could not match a size</p>
      )}
      {answer.bandCup && (
        <dl className="fit-finder__facts">
          <div>
            <dt>Band and cup</dt>
            <dd>{answer.bandCup}</dd>
          </div>
          {answer.sisterSizes.length > 0 && (
            <div>
              <dt>Sister sizes</dt>
              <dd>{answer.sisterSizes.join(', ')}</dd>
            </div>
          )}
        </dl>
      )}
      {answer.notes.length > 0 && (
        <ul className="fit-finder__notes">
          {answer.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {answer.size && (
        <>
          <p className="fit-finder__saved">
            We will remember {answer.size} and choose it for you on {PAGES[kind]} pages; you can still pick another.
          </p>
          <Button variant="secondary" onClick={onClose}>
            Use {answer.size}
          </Button>
        </>
      )}
    </div>
  );
}
