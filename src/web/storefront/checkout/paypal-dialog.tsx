// Our approval dialog in place of PayPal's window (sandbox express provider): payer name, email
// and shipping address, prefilled from the checkout form and editable; POST /sandbox/paypal/approve.
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import type { SandboxPaypalApproval, ShippingInfo as ShippingInfoInput } from '../../../contract/checkout.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { AddressBlock } from './fields.js';

type Draft = {
  givenName: string;
  surname: string;
  email: string;
  country: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

const draftOf = (info: ShippingInfoInput): Draft => ({
  givenName: info.firstName,
  surname: info.lastName,
  email: info.email,
  country: info.country || 'US',
  address: info.address,
  address2: info.address2,
  city: info.city,
  state: info.state,
  zip: info.zip,
});

type Props = {
  open: boolean;
  orderId: string | null;
  info: ShippingInfoInput;
  onClose: () => void;
  onApprove: (approval: SandboxPaypalApproval) => Promise<void>;
  error: string | null;
};

export function PaypalSandboxDialog({ open, orderId, info, onClose, onApprove, error }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(info));
  const [pending, setPending] = useState(false);

  // Each opening starts from the form as it is now (the form's later edits do not overwrite the draft).
  const fillFromForm = useEffectEvent(() => setDraft(draftOf(info)));
  useEffect(() => {
    if (open) fillFromForm();
  }, [open]);

  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const ready = Boolean(
    orderId &&
      draft.givenName.trim() &&
      draft.email.trim() &&
      draft.address.trim() &&
      draft.city.trim() &&
      draft.zip.trim(),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!orderId || pending || !ready) return;
    setPending(true);
    try {
      await onApprove({
        orderID: orderId,
        payer: { givenName: draft.givenName.trim(), surname: draft.surname.trim(), email: draft.email.trim() },
        shipping: {
          name: `${draft.givenName} ${draft.surname}`.trim(),
          address: draft.address.trim(),
          address2: draft.address2.trim(),
          city: draft.city.trim(),
          state: draft.state.trim(),
          zip: draft.zip.trim(),
          country: draft.country,
        },
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Approve with PayPal (sandbox)" closeLabel="Cancel PayPal">
      <form className="paypal-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p className="paypal-dialog__intro">
          This stands in for PayPal's window in test mode. Nothing is charged.
          {orderId && <span className="paypal-dialog__order"> Order {orderId}</span>}
        </p>
        <div className="checkout-grid">
          <FormField
            label="First name"
            value={draft.givenName}
            onChange={set('givenName')}
            autoComplete="given-name"
            required
            className="checkout-grid__half"
          />
          <FormField
            label="Last name"
            value={draft.surname}
            onChange={set('surname')}
            autoComplete="family-name"
            className="checkout-grid__half"
          />
          <FormField
            label="Email"
            type="email"
            value={draft.email}
            onChange={set('email')}
            autoComplete="email"
            required
            className="checkout-grid__full"
          />
          <AddressBlock value={draft} onChange={setDraft} autoCompleteSection="paypal" />
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="paypal-dialog__actions">
          <Button type="submit" block disabled={!ready || pending} aria-busy={pending || undefined}>
            {pending ? 'Approving…' : 'Approve payment'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
