// A set's size pickers (issue 27 item 4): one radio group per piece ('Bra size', 'Brief size'), each
// with its own sold-out sizes; the 'Please fill out the size for the Brief' message sits under the
// piece that lacks one.
import type { ReactNode } from 'react';
import type { Color } from '../../../contract/catalog.js';
import { fillOutPieceSize } from '../../../domain/sets.js';
import { SizePicker } from './option-pickers.js';

/** The size chosen per piece, by piece name. */
export type PieceChoice = Readonly<Record<string, string>>;

/** The choices that are still on offer in `color` (a change of style or colour keeps those). */
export function keptChoice(choice: PieceChoice, color: Color | undefined): PieceChoice {
  const kept: Record<string, string> = {};
  for (const piece of color?.pieces ?? []) {
    const size = choice[piece.name];
    if (size && piece.available_sizes.some((s) => s.name === size && !s.sold_out)) kept[piece.name] = size;
  }
  return kept;
}

type Props = {
  color: Color;
  choice: PieceChoice;
  /** The piece whose size is missing after ADD TO BAG, or null. */
  missing: string | null;
  errorId: string;
  onSelect: (piece: string, size: string | null, soldOut: boolean) => void;
  guide: ReactNode;
};

export function SetSizePickers({ color, choice, missing, errorId, onSelect, guide }: Props) {
  return (
    <>
      {(color.pieces ?? []).map((piece, i) => {
        const sizes = piece.available_sizes;
        const chosen = sizes.findIndex((s) => s.name === choice[piece.name]);
        return (
          <div key={piece.name} className="product__piece">
            <SizePicker
              label={`${piece.name} size`}
              sizes={sizes}
              selected={chosen >= 0 ? chosen : null}
              errorId={missing === piece.name ? errorId : undefined}
              onSelect={(index) => {
                const size = sizes[index];
                if (!size) return;
                onSelect(piece.name, index === chosen ? null : size.name, size.sold_out);
              }}
              guide={i === 0 ? guide : null}
            />
            {missing === piece.name && (
              <p id={errorId} className="product__error" role="alert">
                {fillOutPieceSize(piece.name)}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
