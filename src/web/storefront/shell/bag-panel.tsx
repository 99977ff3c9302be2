// The shopping bag side panel (right drawer). The cart feature fills in lines and the subtotal.
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button.js';
import { BagIcon } from '../../ui/icons.js';
import { Drawer } from '../../ui/drawer.js';

export function BagPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Drawer id="bag-panel" side="right" open={open} onClose={onClose} label="Shopping bag" title="Shopping bag" closeLabel="Close bag">
      <div className="bag-empty">
        <span className="bag-empty__icon">
          <BagIcon />
        </span>
        <p className="bag-empty__text">Your shopping bag is empty</p>
        <Button
          variant="secondary"
          onClick={() => {
            onClose();
            void navigate('/collections');
          }}
        >
          Continue shopping
        </Button>
      </div>
    </Drawer>
  );
}
