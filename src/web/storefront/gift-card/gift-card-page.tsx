// /gift-card (issue 24 item 3): a digital gift card of $50–$500 for someone, sent by email on the day
// the buyer picks, with a message. Checked here with the contract's own schema before /addGiftCard
// checks it again, each problem said in the server's words (../checkout/field-errors.ts) and nothing
// sent; 'ADD TO BAG' is a bag write (a mutation, one per click, busy while it runs) that opens the bag
// panel as for any piece. Its own chunk (routes.tsx): the schema brings Zod, which the storefront's
// first load does not carry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  addDays,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
  GIFT_CARD_PICTURE,
  GIFT_CARD_PRESET_DOLLARS,
  type GiftCardBody,
  GiftCardBodySchema,
  sendOnProblem,
} from '../../../contract/cart.js';
import { addGiftCard } from '../../api/http-api.js';
import { fieldErrors } from '../checkout/field-errors.js';
import { PageMeta } from '../../page-meta.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { PageHeading } from '../../ui/page-heading.js';
import { bagErrorMessage, refreshCart } from '../bag/use-cart.js';
import { useShell } from '../shell/shell-context.js';
import '../pages/pages.css';
import './gift-card.css';

type Field = 'amount' | 'recipientName' | 'recipientEmail' | 'senderName' | 'message' | 'sendOn';
type Errors = Partial<Record<Field, string>>;

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** A refused add, said as every bag write says it (the server's words for a 4xx). */
const failureOf = (err: unknown) => bagErrorMessage(err, 'We could not add the gift card. Please try again.');

export default function GiftCardPage() {
  const { openBag } = useShell();
  const queryClient = useQueryClient();
  const [today] = useState(todayUtc);
  const [preset, setPreset] = useState<number | 'custom'>(100);
  const [custom, setCustom] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [senderName, setSenderName] = useState('');
  const [message, setMessage] = useState('');
  const [sendOn, setSendOn] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  // A double click adds one card: the second click comes before the re-render that disables the button.
  const sending = useRef(false);
  const add = useMutation({
    mutationFn: async (body: GiftCardBody) => {
      await addGiftCard(body);
      await refreshCart(queryClient);
    },
    onSuccess: () => openBag(),
  });
  const failure = add.error ? failureOf(add.error) : '';
  const messageId = useId();
  const amountId = useId();

  const amount = preset === 'custom' ? (custom.trim() === '' ? Number.NaN : Number(custom)) : preset;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    add.reset();
    const body = {
      amount: Number.isNaN(amount) ? undefined : amount,
      recipientName,
      recipientEmail,
      senderName,
      message,
      sendOn,
    };
    const found = fieldErrors<Field>(GiftCardBodySchema, body);
    const dateProblem = sendOnProblem(sendOn, todayUtc());
    if (dateProblem) found.sendOn ??= dateProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    sending.current = true;
    try {
      await add.mutateAsync(GiftCardBodySchema.parse(body));
    } catch {
      // Said under the form (`failure`).
    } finally {
      sending.current = false;
    }
  }

  return (
    <div className="content-page gift-card-page">
      <PageMeta title="Gift Card" path="/gift-card" />
      <PageHeading eyebrow="Digital gift card" title="Gift Card">
        Sent by email on the day you choose, with your message. From ${GIFT_CARD_MIN_DOLLARS} to $
        {GIFT_CARD_MAX_DOLLARS}, spent on anything in the shop.
      </PageHeading>
      <div className="gift-card-page__layout">
        <figure className="gift-card-page__picture">
          <img src={GIFT_CARD_PICTURE} alt="The Murashki gift card" width={600} height={900} />
        </figure>
        <form className="gift-card-form" noValidate onSubmit={submit}>
          <fieldset className="gift-card-form__amounts" aria-describedby={errors.amount ? amountId : undefined}>
            <legend className="field__label">Amount</legend>
            <div className="gift-card-form__chips">
              {GIFT_CARD_PRESET_DOLLARS.map((dollars) => (
                <label key={dollars} className={`gift-card-chip${preset === dollars ? ' gift-card-chip--on' : ''}`}>
                  <input
                    type="radio"
                    name="amount"
                    value={dollars}
                    checked={preset === dollars}
                    onChange={() => setPreset(dollars)}
                  />
                  ${dollars}
                </label>
              ))}
              <label className={`gift-card-chip${preset === 'custom' ? ' gift-card-chip--on' : ''}`}>
                <input
                  type="radio"
                  name="amount"
                  value="custom"
                  checked={preset === 'custom'}
                  onChange={() => setPreset('custom')}
                />
                Other
              </label>
            </div>
            {preset === 'custom' && (
              <FormField
                label={`Your amount in dollars ($${GIFT_CARD_MIN_DOLLARS}–$${GIFT_CARD_MAX_DOLLARS})`}
                name="customAmount"
                inputMode="numeric"
                value={custom}
                onChange={(e) => setCustom(e.target.value.replace(/[^\d.]/g, ''))}
              />
            )}
            {errors.amount && (
              <p id={amountId} className="field__error">
                {errors.amount}
              </p>
            )}
          </fieldset>
          <FormField
            label="Recipient name"
            name="recipientName"
            autoComplete="off"
            value={recipientName}
            error={errors.recipientName}
            onChange={(e) => setRecipientName(e.target.value)}
          />
          <FormField
            label="Recipient email"
            name="recipientEmail"
            type="email"
            autoComplete="off"
            value={recipientEmail}
            error={errors.recipientEmail}
            onChange={(e) => setRecipientEmail(e.target.value)}
          />
          <FormField
            label="From"
            name="senderName"
            autoComplete="name"
            hint="Your name, as the recipient will read it"
            value={senderName}
            error={errors.senderName}
            onChange={(e) => setSenderName(e.target.value)}
          />
          <div className={`field${errors.message ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${messageId}-input`}>
              Message (optional)
            </label>
            <textarea
              id={`${messageId}-input`}
              name="message"
              className="field__input gift-card-form__message"
              rows={4}
              value={message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={messageId}
              onChange={(e) => setMessage(e.target.value)}
            />
            <p id={messageId} className={errors.message ? 'field__error' : 'field__hint'}>
              {errors.message ?? `${message.length} / ${GIFT_CARD_MESSAGE_MAX} characters`}
            </p>
          </div>
          <FormField
            label="Send date"
            name="sendOn"
            type="date"
            min={today}
            max={addDays(today, 365)}
            hint="Today, or any day within a year"
            value={sendOn}
            error={errors.sendOn}
            onChange={(e) => setSendOn(e.target.value)}
          />
          {failure && (
            <p className="field__error gift-card-form__failure" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" block disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {add.isPending ? 'ADDING…' : 'ADD TO BAG'}
          </Button>
          <p className="gift-card-form__note">
            Gift cards are final sale. They never expire and can be spent over several orders.
          </p>
        </form>
      </div>
    </div>
  );
}
