// The calls carry prices in dollars (spec §9); the shop's one price format lives in src/domain/money.ts.
import { formatPrice as formatCents, toCents } from '../../../domain/money.js';

export const formatPrice = (dollars: number): string => formatCents(toCents(dollars));
