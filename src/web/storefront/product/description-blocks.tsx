// The item's description blocks as an accordion (spec §2): the block titled 'description' is always
// open; each other block folds under a button.
import { useId, useState } from 'react';
import type { Item } from '../../../contract/catalog.js';
import { MAIN_BLOCK_KEY } from './product-data.js';

type Block = Item['description'][number];

const capitalised = (title: string) => title.charAt(0).toUpperCase() + title.slice(1);

function FoldingBlock({ block }: { block: Block }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="accordion__item" data-open={open}>
      <h2 className="accordion__heading">
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          {capitalised(block.title)}
          <span className="accordion__icon" aria-hidden="true" />
        </button>
      </h2>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} className="accordion__panel">
        <div>
          <p className="accordion__text">{block.text}</p>
        </div>
      </div>
    </div>
  );
}

export function DescriptionBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="accordion">
      {blocks.map((block) =>
        block.key === MAIN_BLOCK_KEY ? (
          <div key={block.key} className="accordion__item accordion__item--main">
            <h2 className="accordion__heading">{capitalised(block.title)}</h2>
            <p className="accordion__text">{block.text}</p>
          </div>
        ) : (
          <FoldingBlock key={block.key} block={block} />
        ),
      )}
    </div>
  );
}
