// Sets sold with a size per piece (issue 27 item 4): a set's pieces ('Bra', 'Brief') each take a size,
// and the bag, the order and its emails keep the choice as one size text ('Bra 34C · Brief M') that
// groups identical choices into one line and reads as it is everywhere a size is shown.

export type PieceSize = { piece: string; size: string };

/** Between the pieces of a set's size text; a piece or a set size may not contain it. */
export const PIECE_SEPARATOR = ' · ';
export const PIECE_NAME_MAX = 30;
export const MAX_PIECES = 4;

/** 'Bra 34C · Brief M': the pieces in the set's order. */
export function setSizeText(choices: readonly PieceSize[]): string {
  return choices.map((c) => `${c.piece} ${c.size}`).join(PIECE_SEPARATOR);
}

/** The choice a set's size text holds, given the set's pieces; undefined when it does not fit them. */
export function parseSetSize(pieces: readonly string[], text: string): PieceSize[] | undefined {
  const parts = text.split(PIECE_SEPARATOR);
  if (pieces.length === 0 || parts.length !== pieces.length) return undefined;
  const choices: PieceSize[] = [];
  for (const [i, piece] of pieces.entries()) {
    const part = parts[i]!;
    if (!part.startsWith(`${piece} `)) return undefined;
    const size = part.slice(piece.length + 1);
    if (size === '') return undefined;
    choices.push({ piece, size });
  }
  return choices;
}

/** The spec's 'Please fill out the size', naming the piece that lacks one. */
export const fillOutPieceSize = (piece: string) => `Please fill out the size for the ${piece}`;

/** The first of the set's pieces without a size among `choices` (in the set's order), or undefined. */
export function pieceWithoutSize(
  pieces: readonly string[],
  choices: readonly { piece: string; size?: string | undefined }[],
): string | undefined {
  return pieces.find((piece) => !choices.some((c) => c.piece === piece && c.size));
}

/** Why a list of piece names cannot make a set, or undefined: names, unique, no separator, 2 to 4 of them. */
export function piecesProblem(pieces: readonly string[]): string | undefined {
  if (pieces.length === 1) return 'a set needs at least two pieces';
  if (pieces.length > MAX_PIECES) return `a set has at most ${MAX_PIECES} pieces`;
  const seen = new Set<string>();
  for (const piece of pieces) {
    if (piece.trim() === '') return 'each piece needs a name';
    if (piece !== piece.trim()) return `piece "${piece}" has spaces around its name`;
    if (piece.length > PIECE_NAME_MAX) return `piece "${piece}" is longer than ${PIECE_NAME_MAX} characters`;
    if (piece.includes('·')) return `piece "${piece}" may not contain "·"`;
    if (seen.has(piece.toLowerCase())) return `piece "${piece}" appears twice`;
    seen.add(piece.toLowerCase());
  }
  return undefined;
}

/**
 * A set colour's `available_sizes` for clients that know no pieces (tiles, filters, old clients):
 * every size name of any piece, in first-seen order, sold out only when sold out in every piece
 * that has it.
 */
export function summarySizes<S extends { name: string; sold_out: boolean }>(
  pieces: readonly { available_sizes: readonly S[] }[],
): S[] {
  const byName = new Map<string, S>();
  for (const piece of pieces)
    for (const size of piece.available_sizes) {
      const seen = byName.get(size.name);
      byName.set(size.name, seen ? { ...seen, sold_out: seen.sold_out && size.sold_out } : { ...size });
    }
  return [...byName.values()];
}
