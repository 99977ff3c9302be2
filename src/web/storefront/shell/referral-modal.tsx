// The referral popup 'Give $20 Get $20' (spec §2, §4, §5): the friend's and the sender's email; 'Give
// $20' is enabled only when both are valid and differ. After a send it reads 'Gift card has been
// sent!' and the popup closes 5 s later. Each opening starts with an empty form. The amounts are the
// settings' (issue 26); $20 and $20 by default.
import { useEffect, useState, type FormEvent } from 'react';
import { dollarsText, referralTitle } from '../../../contract/values/shop-info.js';
import { canSendReferral, MESSAGES, REFERRAL_CLOSE_MS } from '../../../domain/marketing.js';
import { sendReferral } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { failureMessage } from '../marketing/use-newsletter-signup.js';
import { useShopInfo } from './use-shop-info.js';

type Phase = 'idle' | 'sending' | 'sent';

export function ReferralModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [friend, setFriend] = useState('');
  const [sender, setSender] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const shop = useShopInfo();
  const friendGift = dollarsText(shop.referralFriend);
  const reward = dollarsText(shop.referralReferrer);

  useEffect(() => {
    if (!open) return;
    setFriend('');
    setSender('');
    setPhase('idle');
    setError(null);
  }, [open]);

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(onClose, REFERRAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);

  const ready = canSendReferral(friend, sender) && phase === 'idle';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    setPhase('sending');
    setError(null);
    try {
      await sendReferral({ email: friend.trim(), refEmail: sender.trim() });
      setPhase('sent');
    } catch (err) {
      setError(failureMessage(err));
      setPhase('idle');
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={referralTitle(shop.referralFriend, shop.referralReferrer)}
      closeLabel="Close referral"
      className="referral-modal"
    >
      <p className="modal__text">
        {`Give a friend ${friendGift} off their next set, and get ${reward} for yourself once they complete a purchase.`}
      </p>
      <form className="referral-modal__form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Your friend's email"
          type="email"
          name="friendEmail"
          autoComplete="off"
          value={friend}
          onChange={(e) => setFriend(e.target.value)}
          disabled={phase !== 'idle'}
        />
        <FormField
          label="Your email"
          type="email"
          name="email"
          autoComplete="email"
          value={sender}
          onChange={(e) => setSender(e.target.value)}
          disabled={phase !== 'idle'}
        />
        {error && (
          <p className="form-status form-status--error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block disabled={!ready} data-phase={phase} aria-busy={phase === 'sending' || undefined}>
          {phase === 'sent' ? MESSAGES.giftSent : `Give ${friendGift}`}
        </Button>
        <p className="referral-modal__fine">
          {`One gift card per friend. Your ${reward} code arrives by email once their order is placed.`}
        </p>
      </form>
    </Modal>
  );
}
