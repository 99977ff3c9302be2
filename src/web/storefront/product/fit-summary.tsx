// 'Most say: true to size' (issue 27 #6): what approved reviewers said of the fit; nothing until someone said.
import type { Product } from '../../../contract/catalog.js';
import { fitSummaryText } from '../../../domain/review-fit.js';

export function FitSummary({ fit, className = 'fit-summary' }: { fit: Product['fit']; className?: string }) {
  const text = fit ? fitSummaryText(fit.most) : null;
  if (!text) return null;
  const said = fit ? fit['runs-small'] + fit['true-to-size'] + fit['runs-large'] : 0;
  return (
    <p className={className} title={`${said} ${said === 1 ? 'reviewer' : 'reviewers'} told the fit`}>
      {text}
    </p>
  );
}
