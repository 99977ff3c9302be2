// The sizing popup of the product page (spec §2): both charts and 'Continue Shopping', which closes it.
import { Button } from '../../ui/button.js';
import { Modal } from '../../ui/modal.js';
import { SizingCharts } from './sizing-charts.js';

export function SizingPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Sizing Guide" closeLabel="Close sizing guide">
      <div className="sizing-popup">
        <p className="modal__text">Body measurements, in inches and centimetres. Between sizes? Size up.</p>
        <SizingCharts />
        <Button variant="secondary" onClick={onClose}>
          Continue Shopping
        </Button>
      </div>
    </Modal>
  );
}
