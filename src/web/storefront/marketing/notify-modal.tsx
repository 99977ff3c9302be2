// The back-in-stock notify modal (spec §4, §5): the piece, its sold-out sizes to choose from (the one
// picked is chosen already), an email; 'Get Notified' is enabled once both are valid, then shows the
// loading state, then 'Subscribed!', and the modal closes 1.5 s later. Closing clears the choices.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Product } from '../../../contract/catalog.js';
import { canRequestNotify, MESSAGES, NOTIFY_CLOSE_MS } from '../../../domain/marketing.js';
import { previewOf } from '../../../domain/pictures.js';
import { requestBackInStock } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { isJpg } from '../product/product-data.js';
import type { NotifyRequest } from '../product/use-notify.js';
import { failureMessage } from './use-newsletter-signup.js';
import './marketing.css';

type Phase = 'idle' | 'loading' | 'done';

type NotifyModalProps = {
  product: Product;
  /** The open request; null while closed (the last one stays on screen during the closing animation). */
  request: NotifyRequest | null;
  onClose: () => void;
};

export default function NotifyModal({ product, request, onClose }: NotifyModalProps) {
  const open = request !== null;
  const [shown, setShown] = useState<NotifyRequest | null>(request);
  const [sizes, setSizes] = useState<string[]>([]);
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  // Each opening starts from the size that was picked; closing clears the sold-out choices.
  useEffect(() => {
    if (request) {
      setShown(request);
      setSizes(request.size ? [request.size] : []);
      setPhase('idle');
      setError(null);
    } else {
      setSizes([]);
    }
  }, [request]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(onClose, NOTIFY_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);

  const type = product.available_products.find((p) => p.type === shown?.product_type);
  const color = type?.colors.find((c) => c.color_name === shown?.color);
  // A set's request is for one piece: its sold-out sizes (issue 27 item 4).
  const offered = shown?.piece
    ? color?.pieces?.find((q) => q.name === shown.piece)?.available_sizes
    : color?.available_sizes;
  const soldOut = (offered ?? []).map((s, index) => ({ ...s, index })).filter((s) => s.sold_out);
  const picture = color?.color_picture ?? product.pictures[0] ?? null;
  const thumbnail = picture && isJpg(picture) ? previewOf(picture) : null;
  const ready = canRequestNotify(email, sizes.length) && phase === 'idle';

  const toggle = (name: string) =>
    setSizes((current) => (current.includes(name) ? current.filter((s) => s !== name) : [...current, name]));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || !shown) return;
    setPhase('loading');
    setError(null);
    try {
      await requestBackInStock({
        email: email.trim(),
        itemData: soldOut
          .filter((s) => sizes.includes(s.name))
          .map((s) => ({
            url: shown.url,
            product_type: shown.product_type,
            product_name: shown.product_name,
            color: shown.color,
            colorIndex: shown.colorIndex,
            size: s.name,
            sizeIndex: s.index,
            isSoldOut: true,
            picture: picture ?? '',
            ...(shown.piece ? { piece: shown.piece } : {}),
          })),
      });
      setPhase('done');
    } catch (err) {
      setError(failureMessage(err));
      setPhase('idle');
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Get notified"
      closeLabel="Close back-in-stock form"
      className="notify-modal"
    >
      <div className="notify-modal__piece">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={64} height={96} className="notify-modal__thumb" />
        ) : (
          <span className="notify-modal__thumb" />
        )}
        <div>
          <p className="notify-modal__title">{product.title}</p>
          <p className="notify-modal__meta">
            {[shown?.product_name, shown?.color, shown?.piece].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <p className="modal__text">Choose your sizes and leave your email: we will write as soon as they are back.</p>
      <form className="notify-modal__form" noValidate onSubmit={onSubmit}>
        <fieldset className="size-checks" aria-labelledby={legendId}>
          <legend id={legendId} className="field__label">
            Sizes
          </legend>
          <div className="size-checks__list">
            {soldOut.map((s) => (
              <label key={s.name} className="size-check">
                <input
                  type="checkbox"
                  checked={sizes.includes(s.name)}
                  onChange={() => toggle(s.name)}
                  disabled={phase !== 'idle'}
                />
                <span>{s.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={phase !== 'idle'}
        />
        {error && (
          <p className="form-status form-status--error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block disabled={!ready} data-phase={phase} aria-busy={phase === 'loading' || undefined}>
          {phase === 'done' ? (
            MESSAGES.notifySubscribed
          ) : phase === 'loading' ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              <span className="visually-hidden">Subscribing…</span>
            </>
          ) : (
            'Get Notified'
          )}
        </Button>
      </form>
    </Modal>
  );
}
